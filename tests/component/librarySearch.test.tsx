import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeLibrary, post, renderLibrary } from './libraryHarness';

// Smart Search and Smart Tag Filtering on the local copy: ranking, highlighting, typos and beginnings, and the
// sidebar's counts following the search; the filters live in the address.

afterEach(cleanup);

const cards = () => within(screen.getByRole('list', { name: 'Saved posts' })).queryAllByRole('article');
const cardNames = () => cards().map((c) => c.getAttribute('aria-label'));
const filters = () => screen.getByRole('region', { name: 'Filters' });
const findFilters = () => screen.findByRole('region', { name: 'Filters' });

const library = () => [
  // Newest first: the post that only mentions the word is the newest, so ranking (not date) must lift the tagged one.
  post({
    author: 'Mention Once',
    text: 'A note that says growth once among many other words here',
    daysAgo: 1,
  }),
  post({ author: 'Design Desk', text: 'Grids and type', tags: ['design'], platform: 'linkedin', daysAgo: 2 }),
  post({
    author: 'Tagged Post',
    text: 'Loops and retention',
    tags: ['growth'],
    platform: 'reddit',
    daysAgo: 3,
  }),
  post({ author: 'Other Design', text: 'Colour contrast', tags: ['design'], platform: 'x', daysAgo: 4 }),
];

describe('library search', () => {
  it('ranks a post tagged with the word above one that mentions it once, and marks the matched words', async () => {
    renderLibrary(fakeLibrary(library()));
    await screen.findByText('4 saved posts');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search saved posts' }), 'growth');
    await waitFor(() =>
      expect(cardNames()).toEqual(['Reddit post by Tagged Post', 'X post by Mention Once']),
    );
    await screen.findByText('2 of 4 saved posts');
    const marks = cards().flatMap((c) => [...c.querySelectorAll('mark')].map((m) => m.textContent));
    expect(marks).toContain('growth');
    expect(marks.every((m) => m?.toLowerCase() === 'growth')).toBe(true);
    // The address keeps the search.
    expect(location.hash).toBe('#/?q=growth');
  });

  it('tolerates a typo and matches the beginning of a word', async () => {
    renderLibrary(fakeLibrary(library()));
    await screen.findByText('4 saved posts');
    const box = screen.getByRole('searchbox', { name: 'Search saved posts' });
    await userEvent.type(box, 'retentoin');
    await waitFor(() => expect(cardNames()).toEqual(['Reddit post by Tagged Post']));
    await userEvent.clear(box);
    await userEvent.type(box, 'contr');
    await waitFor(() => expect(cardNames()).toEqual(['X post by Other Design']));
    expect(cards()[0]!.querySelector('mark')?.textContent).toBe('contrast');
  });

  it('counts platforms and tags under the current search, and a picked tag narrows the feed and the address', async () => {
    renderLibrary(fakeLibrary(library()));
    await screen.findByText('4 saved posts');
    expect(
      await within(await findFilters()).findByRole('button', { name: 'design 2 posts' }),
    ).toBeInTheDocument();
    expect(within(filters()).getByRole('button', { name: 'X 2 posts' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search saved posts' }), 'design');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(filters()).getByRole('button', { name: 'LinkedIn 1 post' })).toBeInTheDocument();
    expect(within(filters()).getByRole('button', { name: 'X 1 post' })).toBeInTheDocument();
    expect(within(filters()).queryByRole('button', { name: /^Reddit/ })).toBeNull();
    expect(within(filters()).queryByRole('button', { name: /^growth/ })).toBeNull();

    fireEvent.click(within(filters()).getByRole('button', { name: 'LinkedIn 1 post' }));
    expect(cardNames()).toEqual(['LinkedIn post by Design Desk']);
    expect(within(filters()).getByRole('button', { name: 'LinkedIn 1 post' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(location.hash).toBe('#/?q=design&platform=linkedin');
  });

  it('opens on the filters the address names (a bookmarked view)', async () => {
    renderLibrary(fakeLibrary(library()), '#/?tag=design&platform=x');
    await screen.findByText('1 of 4 saved posts');
    await findFilters();
    expect(cardNames()).toEqual(['X post by Other Design']);
    expect(within(filters()).getByRole('button', { name: 'design 1 post' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('signed in and online, shows the account-wide counts the worker brings', async () => {
    const fake = fakeLibrary(library(), {
      status: {
        signedIn: true,
        localCount: 0,
        pendingCount: 0,
        webUrl: 'https://app.example',
        apiUrl: 'https://app.example/api',
        account: { email: 'a@example.com', plan: 'free', storageUsed: 0, storageLimit: 1073741824 },
      },
      libraryFacets: {
        facets: {
          total: 900,
          platforms: [{ value: 'x', count: 700 }],
          tags: [{ value: 'growth', count: 321 }],
          categories: [],
        },
      },
    });
    renderLibrary(fake);
    await within(await findFilters()).findByRole('button', { name: 'growth 321 posts' });
    expect(fake.asked).toContainEqual({ type: 'libraryFacets', filters: { tags: [], platforms: [] } });
  });
});
