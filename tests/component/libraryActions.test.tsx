import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, fakeLibrary, post, renderLibrary } from './libraryHarness';

// What the user does to the library: the keys (/ j k e #), deleting with undo (the delete is sent after the undo
// window), several at once, tag editing, the detail view, and the exports (JSON with every field; CSV quoted,
// formula-looking cells neutralised).

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const feed = () => screen.getByRole('list', { name: 'Saved posts' });
const names = () =>
  within(feed())
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));
const three = () => [
  post({ author: 'First', tags: ['a'] }),
  post({
    author: 'Second',
    images: ['https://pbs.twimg.com/media/1.jpg', 'https://pbs.twimg.com/media/2.jpg'],
  }),
  post({ author: 'Third' }),
];

describe('library keyboard', () => {
  it('/ focuses the search; j and k move between cards; e edits the current card’s tags; not while typing', async () => {
    const posts = three();
    const fake = fakeLibrary(posts);
    renderLibrary(fake);
    await screen.findByText('3 saved posts');
    fireEvent.keyDown(document.body, { key: '/' });
    const box = screen.getByRole('searchbox', { name: 'Search saved posts' });
    expect(box).toHaveFocus();
    // In the search, e is a letter: no dialog opens.
    fireEvent.keyDown(box, { key: 'e' });
    expect(screen.queryByRole('dialog')).toBeNull();
    box.blur();

    for (const key of ['j', 'j', 'k']) fireEvent.keyDown(document.body, { key });
    await waitFor(() => expect(screen.getByRole('article', { name: 'X post by First' })).toHaveFocus());
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(screen.getByRole('article', { name: 'X post by Second' })).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'e' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit tags of the post by Second' });
    const input = within(dialog).getByRole('textbox', { name: 'Tags' });
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, 'Growth, writing , growth');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.asked).toContainEqual({
      type: 'updateTags',
      url: posts[1]!.url,
      tags: ['growth', 'writing'],
    });
    const second = screen.getByRole('article', { name: 'X post by Second' });
    expect(within(second).getByText('growth')).toBeInTheDocument();
  });

  it('# deletes the current card with Undo; the delete is sent only after the undo window', async () => {
    vi.useFakeTimers();
    const posts = three();
    const fake = fakeLibrary(posts);
    renderLibrary(fake);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('3 saved posts')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: '#' });
    expect(names()).toEqual(['X post by Second', 'X post by Third']);
    expect(screen.getByText('Post deleted.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names()).toEqual(['X post by First', 'X post by Second', 'X post by Third']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(fake.asked.some((r) => r.type === 'deletePosts')).toBe(false);

    fireEvent.keyDown(document.body, { key: '#' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(fake.asked.some((r) => r.type === 'deletePosts')).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(fake.asked).toContainEqual({ type: 'deletePosts', urls: [posts[0]!.url] });
    expect(screen.queryByText('Post deleted.')).toBeNull();
    expect(names()).toEqual(['X post by Second', 'X post by Third']);
  });
});

describe('library posts', () => {
  it('several selected posts are deleted together, after the undo window', async () => {
    const posts = three();
    const fake = fakeLibrary(posts);
    renderLibrary(fake);
    await screen.findByText('3 saved posts');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select post by First' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select post by Third' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(bar).toHaveTextContent('2 selected');
    vi.useFakeTimers();
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete 2' }));
    expect(names()).toEqual(['X post by Second']);
    expect(screen.getByText('2 posts deleted.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(fake.asked).toContainEqual({ type: 'deletePosts', urls: [posts[0]!.url, posts[2]!.url] });
  });

  it('a post opens in a detail view with every picture', async () => {
    renderLibrary(fakeLibrary(three()));
    const card = await screen.findByRole('article', { name: 'X post by Second' });
    fireEvent.click(within(card).getByRole('button', { name: 'Details' }));
    const dialog = screen.getByRole('dialog', { name: 'X post by Second' });
    expect(
      within(dialog)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(['https://pbs.twimg.com/media/1.jpg', 'https://pbs.twimg.com/media/2.jpg']);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('library export', () => {
  it('exports every field as JSON, and CSV with every cell quoted and formula-looking cells neutralised', async () => {
    const risky = post({
      author: '=1+1',
      authorHandle: '@handle',
      title: '+SUM(A1:A2)',
      text: '-2+3 and "quotes", commas',
      tags: ['@risk', 'growth'],
      category: 'marketing',
      postId: 'a1b2',
      images: ['https://i.redd.it/x.jpg'],
    });
    const files = captureDownloads();
    renderLibrary(fakeLibrary([risky]), '#/privacy');
    await screen.findByRole('heading', { name: 'Export your library' });
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files.map((f) => f.name)).toEqual([
      'postkeeper-library-2026-06-17.json',
      'postkeeper-library-2026-06-17.csv',
    ]);

    const json = JSON.parse(await files[0]!.blob.text()) as { count: number; posts: unknown[] };
    expect(json.count).toBe(1);
    expect(json.posts[0]).toEqual(risky);

    const csv = await files[1]!.blob.text();
    const rows = Papa.parse<string[]>(csv).data;
    const cell = (header: string) => rows[1]![rows[0]!.indexOf(header)];
    expect(cell('author')).toBe("'=1+1");
    expect(cell('title')).toBe("'+SUM(A1:A2)");
    expect(cell('text')).toBe('\'-2+3 and "quotes", commas');
    expect(cell('tags')).toBe("'@risk, growth");
    expect(cell('images')).toBe('https://i.redd.it/x.jpg');
    // Every cell quoted, the header row too.
    expect(csv.split('\r\n')[0]).toMatch(/^"url","platform","author",/);
    expect(csv).toContain('"\'=1+1"');
  });

  it('delete everything asks first, then empties the library', async () => {
    const fake = fakeLibrary(three());
    renderLibrary(fake, '#/privacy');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete everything…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your whole library?' });
    expect(dialog).toHaveTextContent('3 saved posts');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.asked.some((r) => r.type === 'deleteAll')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete everything…' }));
    fake.posts = [];
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete everything' }));
    await screen.findByRole('heading', { name: 'No saved posts yet' });
    expect(fake.asked).toContainEqual({ type: 'deleteAll' });
  });
});
