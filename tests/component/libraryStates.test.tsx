import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { account, fakeLibrary, post, renderLibrary, SIGNED_OUT } from './libraryHarness';

// The library's states (empty, loading, error with Retry, offline read-only), the signed-out banner, and what
// the plan shows: storage, the house ad slot (Free with ads on only), Rediscover or its upsell.

afterEach(cleanup);

describe('library states', () => {
  it('an empty library says how to save a first post, on the five platforms', async () => {
    renderLibrary(fakeLibrary([]));
    await screen.findByRole('heading', { name: 'No saved posts yet' });
    const platforms = screen.getByRole('list', { name: 'Platforms you can save from' });
    expect(
      within(platforms)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['X', 'LinkedIn', 'Reddit', 'Instagram', 'Pinterest']);
    expect(screen.getByText('0 saved posts')).toBeInTheDocument();
  });

  it('shows skeletons while the copy is read, never a blank page', async () => {
    renderLibrary(fakeLibrary([], {}, () => new Promise(() => undefined)));
    expect(screen.getByRole('status', { name: 'Loading saved posts' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading your saved posts…')).toBeInTheDocument();
  });

  it('a copy that cannot be read shows the reason and Retry, which loads again', async () => {
    let fail = true;
    const fake = fakeLibrary([post({ author: 'Back Again' })]);
    const read = fake.source.readPosts;
    fake.source.readPosts = () => (fail ? Promise.reject(new Error('The database is closed.')) : read());
    renderLibrary(fake);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your saved posts could not be loaded. The database is closed.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'X post by Back Again' })).toBeInTheDocument();
  });

  it('offline (signed in, the account unreachable) shows the local copy read-only, clearly marked', async () => {
    const fake = fakeLibrary([post({ author: 'Kept Here' })], {
      status: { ...account('free'), offline: true },
      syncLibrary: { online: false },
    });
    renderLibrary(fake);
    const note = await screen.findByRole('region', { name: 'Offline' });
    expect(note).toHaveTextContent('Offline: read-only.');
    expect(screen.getByRole('article', { name: 'X post by Kept Here' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: '#' });
    expect(
      await screen.findByText('Offline: deleting comes back when Postkeeper can be reached.'),
    ).toBeInTheDocument();
    expect(fake.asked.some((r) => r.type === 'deletePosts')).toBe(false);
  });

  it('signed out: the banner, word for word, links to the web app’s sign-in', async () => {
    renderLibrary(fakeLibrary([post()]));
    const banner = await screen.findByTestId('signed-out-banner');
    expect(banner).toHaveTextContent(/^Saved on this computer only\. Sign in to keep them in your account$/);
    expect(
      within(banner).getByRole('link', { name: 'Sign in to keep them in your account' }),
    ).toHaveAttribute('href', `${SIGNED_OUT.webUrl}/login`);
    expect(
      within(screen.getByRole('region', { name: 'Account' })).getByText('Not signed in'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Advertisement' })).toBeNull();
  });
});

describe('library plan', () => {
  it('Free with ads on: storage of the limit, the plan badge and one ad slot marked Ad promoting Pro', async () => {
    renderLibrary(fakeLibrary([post()], { status: account('free') }));
    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect(storage).toHaveTextContent('12.5 MB of 1.00 GB used');
    expect(within(screen.getByRole('region', { name: 'Account' })).getByText('Free')).toBeInTheDocument();
    const ads = screen.getAllByRole('region', { name: 'Advertisement' });
    expect(ads).toHaveLength(1);
    expect(within(ads[0]!).getByText('Ad')).toBeInTheDocument();
    expect(within(ads[0]!).getByRole('link', { name: 'Try Pro' })).toHaveAttribute(
      'href',
      'https://app.example/upgrade',
    );
    expect(screen.queryByTestId('signed-out-banner')).toBeNull();
  });

  it('no ad for Free when an operator turned ads off, nor for Pro', async () => {
    renderLibrary(fakeLibrary([post()], { status: account('free', false) }));
    await screen.findByRole('region', { name: 'Storage' });
    expect(screen.queryByRole('region', { name: 'Advertisement' })).toBeNull();
    cleanup();
    renderLibrary(fakeLibrary([post()], { status: account('premium') }));
    expect(await screen.findByRole('region', { name: 'Storage' })).toHaveTextContent(
      '12.5 MB of 10.00 GB used',
    );
    expect(screen.queryByRole('region', { name: 'Advertisement' })).toBeNull();
  });

  it('Free sees what Rediscover does and an Upgrade link; Pro sees the AI’s picks with their reasons', async () => {
    const posts = [post({ author: 'Old Gem', postId: 'p-1' }), post({ author: 'Fresh', postId: 'p-2' })];
    renderLibrary(fakeLibrary(posts, { status: account('free') }), '#/rediscover');
    const upsell = await screen.findByRole('region', { name: 'Rediscover what you saved' });
    expect(within(upsell).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      'https://app.example/upgrade',
    );
    cleanup();

    const fake = fakeLibrary(posts, {
      status: account('premium'),
      aiTask: {
        ok: true,
        result: { recommendations: [{ postId: 'p-1', reason: 'You saved it 3 months ago' }] },
      },
    });
    renderLibrary(fake, '#/rediscover');
    const list = await screen.findByRole('list', { name: 'Rediscover' });
    expect(list).toHaveTextContent('Old Gem');
    expect(list).toHaveTextContent('Why: You saved it 3 months ago');
    expect(fake.asked).toContainEqual({ type: 'aiTask', task: 'recommendations' });
  });
});
