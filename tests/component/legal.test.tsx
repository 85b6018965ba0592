import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '../../src/config';
import { PrivacyPage } from '../../src-site/legal/PrivacyPage';
import { TermsPage } from '../../src-site/legal/TermsPage';

afterEach(cleanup);

function renderAt(element: React.ReactNode) {
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
}

describe('legal pages', () => {
  it('the privacy policy names everything the product stores, with a last-updated date', () => {
    renderAt(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/Last updated: \w+ \d{1,2}, \d{4}/)).toBeInTheDocument();
    const text = screen.getByRole('main').textContent!;
    for (const phrase of [
      'Account data.',
      'Saved posts.',
      'Usage data.',
      'Payment data.',
      'payment provider',
      'Cookies and local storage',
      'local storage',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0]).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    // shares the site chrome
    expect(screen.getByRole('link', { name: 'Add to Chrome' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Support' })).toBeInTheDocument();
  });

  it('the terms state the plans, trial and cancellation as docs/product.md#plans-and-pricing does', () => {
    renderAt(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText(/Last updated:/)).toBeInTheDocument();
    const text = screen.getByRole('main').textContent!;
    expect(text).toContain('Free costs $0');
    expect(text).toContain('Pro costs $8.99 per month');
    expect(text).toContain('7-day free trial');
    expect(text).toContain('cancel anytime');
  });
});
