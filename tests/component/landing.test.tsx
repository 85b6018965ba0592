import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSION_STORE_URL, FOUNDER } from '../../src/config';
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

  it('shows the three named screenshots as captured WebP images in two widths, sized and lazy below the fold', () => {
    renderLanding();
    const section = screen.getByRole('heading', { name: 'See Postkeeper in action' }).closest('section')!;
    for (const [title, name] of [
      ['Saved Posts Dashboard', 'saved-posts-dashboard'],
      ['Smart Tag Filtering', 'smart-tag-filtering'],
      ['Content Analytics', 'content-analytics'],
    ]) {
      const figure = within(section).getByRole('heading', { name: title }).closest('figure')!;
      const img = within(figure).getByRole('img');
      expect(img).toHaveAttribute('src', `/screens/${name}-640.webp`);
      expect(img).toHaveAttribute(
        'srcset',
        `/screens/${name}-640.webp 640w, /screens/${name}-1280.webp 1280w`,
      );
      expect(img.getAttribute('sizes')).toBeTruthy();
      expect(img).toHaveAttribute('width', '1280');
      expect(img).toHaveAttribute('height', '800');
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('decoding', 'async');
      expect(img.getAttribute('alt')).not.toBe('');
    }
    // The hero's screen: the same files, lazy too (below the fold on a phone; in view at once on a desktop).
    const hero = screen.getByRole('img', { name: /^The Postkeeper dashboard showing saved posts/ });
    expect(hero).toHaveAttribute('src', '/screens/saved-posts-dashboard-640.webp');
    expect(hero.getAttribute('srcset')).toContain('/screens/saved-posts-dashboard-1280.webp 1280w');
    expect(hero).toHaveAttribute('width', '1280');
    expect(hero).toHaveAttribute('loading', 'lazy');
  });

  it('prices the plans exactly as docs/product.md#plans-and-pricing', () => {
    renderLanding();
    const plans = {
      Free: [
        '$0',
        'Unlimited saves',
        '1 GB cloud storage',
        'Basic categorization',
        'All social platforms',
        'Ad-supported',
      ],
      Pro: [
        '$8.99 per month',
        'Ad-free',
        '10 GB cloud storage',
        'Posts never deleted',
        'AI-powered recommendations',
        'Priority support',
      ],
    };
    for (const [name, [price, ...items]] of Object.entries(plans)) {
      const card = screen.getByRole('article', { name });
      expect(card).toHaveTextContent(price);
      for (const item of items) expect(within(card).getByText(item)).toBeInTheDocument();
    }
    const pro = screen.getByRole('article', { name: 'Pro' });
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
    expect(await screen.findByRole('dialog', { name: 'Get in Touch' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Screenshot/)).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Get in Touch' })).toHaveFocus();

    await user.click(within(footer).getByRole('button', { name: 'Support' }));
    expect(screen.getByRole('dialog', { name: 'Support' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Screenshot/)).toBeInTheDocument();
  });
});
