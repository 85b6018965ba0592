import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSION_STORE_URL, SUPPORT_EMAIL } from '../../src/config';
import { HelpPage } from '../../src-site/help/HelpPage';

afterEach(cleanup);

/** Renders the Help page at /help; returns a user to click through it. */
function renderHelp() {
  const user = userEvent.setup();
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/help', element: <HelpPage /> }], { initialEntries: ['/help'] })}
    />,
  );
  return user;
}

describe('HelpPage', () => {
  it('answers questions on install, saving, plans, billing and data', async () => {
    const user = renderHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeInTheDocument();
    for (const topic of ['Install', 'Saving', 'Plans', 'Billing', 'Data']) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
    }
    const install = screen.getByText('How do I install Postkeeper?');
    await user.click(install);
    expect(install.closest('details')).toHaveAttribute('open');
    expect(
      within(install.closest('details')!).getByRole('link', { name: 'Chrome Web Store listing' }),
    ).toHaveAttribute('href', EXTENSION_STORE_URL);
    expect(screen.getByRole('main')).toHaveTextContent('$8.99 per month');
  });

  it('offers support and contact: the modal in its variant, and the support email', async () => {
    const user = renderHelp();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: SUPPORT_EMAIL })[0]).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    await user.click(within(main).getByRole('button', { name: 'Contact Support' }));
    expect(screen.getByRole('dialog', { name: 'Support' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Screenshot/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(main).getByRole('button', { name: 'Get in Touch' }));
    expect(screen.getByRole('dialog', { name: 'Get in Touch' })).toBeInTheDocument();
  });
});
