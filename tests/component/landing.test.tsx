import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_STORE_URL, FOUNDER } from '../../src/config';
import { markGoogleSignInPending } from '../../src/session/googleHandOff';
import { LandingPage } from '../../src-site/landing/LandingPage';
import { SHOW_TESTIMONIALS, Testimonials } from '../../src-site/landing/sections/Testimonials';
import { SiteRoot } from '../../src-site/SiteRoot';
import type { RouteObject } from 'react-router-dom';

/** The site's routes sit under its session root, as in the app. */
const withSession = (routes: RouteObject[]): RouteObject[] => [{ element: <SiteRoot />, children: routes }];

afterEach(cleanup);

function renderLanding() {
  const router = createMemoryRouter(
    withSession([
      { path: '/', element: <LandingPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ]),
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('LandingPage', () => {
  it('shows the sections of docs/product.md#landing-page in order, between the header and the footer', () => {
    const { container } = renderLanding();
    const header = container.querySelector('header.pk-header');
    const footer = container.querySelector('footer');
    expect(header).toBeInTheDocument();
    expect(footer).toBeInTheDocument();
    const main = screen.getByRole('main');
    const headings = within(main)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Save the posts worth keeping');
    expect(headings).toEqual([
      'A bookmark folder is where good ideas go to die',
      'How It Works',
      'Everything you need to keep what matters',
      'Made for people who learn in public',
      'See Postkeeper in action',
      'Simple pricing. Start free.',
      'Stop losing the posts that matter',
    ]);
    // header precedes main, main precedes footer
    expect(header!.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.compareDocumentPosition(footer!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('every Add to Chrome button opens the store listing in a new tab with noopener', () => {
    renderLanding();
    const buttons = screen.getAllByRole('link', { name: 'Add to Chrome' });
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    const inHeader = within(document.querySelector('header.pk-header') as HTMLElement).getByRole('link', {
      name: 'Add to Chrome',
    });
    expect(inHeader).toBeInTheDocument();
    for (const b of buttons) {
      expect(b).toHaveAttribute('href', EXTENSION_STORE_URL);
      expect(b).toHaveAttribute('target', '_blank');
      expect(b.getAttribute('rel')).toContain('noopener');
    }
  });

  it('says no sign-up is needed, with three steps, the six features and the four audiences', () => {
    renderLanding();
    expect(screen.getByText('No sign-up needed to use the extension')).toBeInTheDocument();
    const steps = screen.getByRole('heading', { name: 'How It Works' }).closest('section')!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    for (const f of [
      'One-Click Saving',
      'AI-Powered Organization',
      'Smart Search',
      'Smart Recommendations',
      'Analytics & Insights',
      'Privacy First',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: f })).toBeInTheDocument();
    }
    for (const a of ['Content creators', 'Founders', 'Researchers', 'Students']) {
      expect(screen.getByRole('heading', { level: 3, name: a })).toBeInTheDocument();
    }
    for (const p of ['X', 'LinkedIn', 'Reddit', 'Instagram', 'Pinterest'])
      expect(screen.getAllByText(p).length).toBeGreaterThan(0);
  });

  it('shows the three named screenshots as drawn images with their size set', () => {
    renderLanding();
    const section = screen.getByRole('heading', { name: 'See Postkeeper in action' }).closest('section')!;
    for (const title of ['Saved Posts Dashboard', 'Smart Tag Filtering', 'Content Analytics']) {
      const figure = within(section).getByRole('heading', { name: title }).closest('figure')!;
      const img = within(figure).getByRole('img');
      expect(img.getAttribute('src')).toMatch(/^\/screens\/.+\.svg$/);
      expect(img).toHaveAttribute('width', '960');
      expect(img).toHaveAttribute('height', '600');
      expect(img.getAttribute('alt')).not.toBe('');
    }
  });

  it('prices the plans exactly as docs/product.md#plans-and-pricing', () => {
    renderLanding();
    const free = screen.getByRole('article', { name: 'Free' });
    expect(free).toHaveTextContent('$0');
    for (const item of [
      'Unlimited saves',
      '1 GB cloud storage',
      'Basic categorization',
      'All social platforms',
      'Ad-supported',
    ]) {
      expect(within(free).getByText(item)).toBeInTheDocument();
    }
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(pro).toHaveTextContent('$8.99 per month');
    for (const item of [
      'Ad-free',
      '10 GB cloud storage',
      'Posts never deleted',
      'AI-powered recommendations',
      'Priority support',
    ]) {
      expect(within(pro).getByText(item)).toBeInTheDocument();
    }
    expect(pro).toHaveTextContent('7-day free trial');
    expect(pro).toHaveTextContent('cancel anytime');
    expect(within(pro).getByRole('link', { name: 'Start 7-day free trial' })).toHaveAttribute(
      'href',
      '/upgrade',
    );
  });

  it('keeps the testimonials hidden behind one flag', () => {
    renderLanding();
    expect(SHOW_TESTIMONIALS).toBe(false);
    expect(screen.queryByRole('heading', { name: 'What people say' })).not.toBeInTheDocument();
    cleanup();
    render(<Testimonials />);
    expect(screen.getByRole('heading', { name: 'What people say' })).toBeInTheDocument();
  });

  it('footer: legal links, founder profiles, and Get in Touch / Support opening the contact modal', async () => {
    const user = userEvent.setup();
    renderLanding();
    const footer = document.querySelector('footer') as HTMLElement;
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    for (const l of FOUNDER.links)
      expect(within(footer).getByRole('link', { name: l.label })).toHaveAttribute('href', l.href);

    await user.click(within(footer).getByRole('button', { name: 'Get in Touch' }));
    expect(screen.getByRole('dialog', { name: 'Get in Touch' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Screenshot/)).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Get in Touch' })).toHaveFocus();

    await user.click(within(footer).getByRole('button', { name: 'Support' }));
    expect(screen.getByRole('dialog', { name: 'Support' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Screenshot/)).toBeInTheDocument();
  });
});

describe('LandingPage admin redirect', () => {
  function renderWithAdmin() {
    const router = createMemoryRouter(
      withSession([
        { path: '/', element: <LandingPage /> },
        { path: '/admin', element: <h1>Admin console</h1> },
      ]),
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }
  function profile(email: string, role = 'user') {
    return {
      _id: 'u1',
      displayName: 'A',
      name: 'A',
      email,
      plan: 'free',
      subscriptionStatus: null,
      role,
      emailVerified: true,
      adsDisabled: false,
      storageUsed: 0,
      storageLimit: 1,
      createdAt: '2026-01-01T00:00:00Z',
      flaggedForAbuse: false,
      lastFlaggedReason: null,
      flaggedAt: null,
    };
  }
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('sends a signed-in account that the server made admin (its role in /auth/me) to /admin, whatever its email', async () => {
    localStorage.setItem('authToken', 'tok-admin');
    // An operator from the server's own ADMIN_EMAILS, which this bundle knows nothing about.
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(profile('ops@company.test', 'admin')), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderWithAdmin();
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-admin');
  });

  it('keeps other accounts, and visitors without a token, on the landing page', async () => {
    localStorage.setItem('authToken', 'tok-user');
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(profile('user@example.com')), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderWithAdmin();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(router.state.location.pathname).toBe('/');
    cleanup();
    localStorage.clear();
    fetchMock.mockClear();
    const second = renderWithAdmin();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(second.state.location.pathname).toBe('/');
  });

  it('keeps an account with the demo admin address on the landing page when the server did not make it admin', async () => {
    localStorage.setItem('authToken', 'tok-user');
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(profile('admin@example.com', 'user')), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderWithAdmin();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(router.state.location.pathname).toBe('/');
  });

  it('a failed profile call leaves the visitor on the landing page', async () => {
    localStorage.setItem('authToken', 'expired');
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderWithAdmin();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Save the posts worth keeping');
  });
});

describe('LandingPage admin redirect with a token in the URL', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('trades an auth_token code handed over in the address bar after this tab’s Google sign-in', async () => {
    markGoogleSignInPending();
    window.history.replaceState(null, '', '/?auth_token=code-from-url');
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/google/exchange'
        ? new Response(JSON.stringify({ token: 'tok-from-google' }), { status: 200 })
        : new Response(JSON.stringify({ email: 'ops@company.test', role: 'admin' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(
      withSession([
        { path: '/', element: <LandingPage /> },
        { path: '/admin', element: <h1>Admin console</h1> },
      ]),
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-from-google');
  });

  it('a planted admin token in the address bar is dropped: the visitor stays a visitor on the landing page', async () => {
    window.history.replaceState(null, '', '/?auth_token=tok-admin');
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ email: 'ops@company.test', role: 'admin' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(withSession([{ path: '/', element: <LandingPage /> }]), {
      initialEntries: ['/?auth_token=tok-admin'],
    });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await new Promise((r) => setTimeout(r, 20));
    expect(window.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
