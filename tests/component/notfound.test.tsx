import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundPage } from '../../src-site/notFound/NotFoundPage';

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('says the page was not found and links home', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/', element: <h1>Home page</h1> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: ['/no/such/page'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
