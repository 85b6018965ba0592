import { describe, expect, it, vi } from 'vitest';
import { posts } from '../../src-server/db/schema';
import { aiUser } from './fixtures';
import { bearer, logIn, registerUser } from './harness';
import { count } from './extHarness';
import {
  EXTENSION_ID,
  imageCdn,
  newNetwork,
  newProfile,
  openDashboard,
  runWorker,
  workerApi,
  WEB_ORIGIN,
  xPost,
} from './extensionWorkerHarness';
import type { Post } from '../../src/contract/ext';
import type { LibraryAnswer, SavedStateAnswer, StatusAnswer } from '../../src-extension/shared/messages';

// The extension's service worker, signed out and through the web app's hand-over: what a user of the extension
// notices (the answers its controls and popup show) and what the account then holds.

const { t, api } = workerApi();
const cdn = imageCdn();

/** The user's posts in the account, newest first, with their media. */
async function accountPosts(headers: Record<string, string>): Promise<Post[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ext/posts?perPage=100', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().posts;
}

const statusOf = async (w: ReturnType<typeof runWorker>) =>
  (await w.send({ type: 'status' })) as StatusAnswer;
const savedStateOf = async (w: ReturnType<typeof runWorker>, urls: string[]) =>
  (await w.send({ type: 'savedState', urls })) as SavedStateAnswer;

describe('signed out', () => {
  it('keeps a save in this browser with its local category, asks no API, and shows it as saved', async () => {
    const w = runWorker(newProfile(), newNetwork());
    const post = xPost({
      text: 'Notes from porting our API client from Python to TypeScript, and what the compiler caught.',
      images: [cdn.url('tiny.jpg')],
    });
    expect(await w.send({ type: 'save', post })).toEqual({ state: 'saved', url: post.url });
    await w.idle();

    expect(await savedStateOf(w, [post.url, 'https://x.com/ada/status/1'])).toEqual({
      saved: [post.url],
      pending: [],
    });
    expect(await statusOf(w)).toMatchObject({ signedIn: false, localCount: 1, pendingCount: 0 });
    const { posts } = (await w.send({ type: 'library' })) as LibraryAnswer;
    expect(posts).toEqual([
      expect.objectContaining({
        url: post.url,
        author: 'Ada Lovelace',
        state: 'saved',
        category: 'technology',
      }),
    ]);
    expect(w.apiCalls()).toEqual([]);
  });

  it('refuses a post without an http(s) permalink', async () => {
    const w = runWorker(newProfile(), newNetwork());
    const answer = await w.send({ type: 'save', post: xPost({ url: 'javascript:alert(1)' }) });
    expect(answer).toMatchObject({ state: 'error', message: 'This post could not be read from the page.' });
    expect(await statusOf(w)).toMatchObject({ localCount: 0 });
  });
});

describe("the web app's hand-over", () => {
  it('refuses openDashboard and LOGOUT from any other origin: no session kept, no tab opened, none ended', async () => {
    const user = await aiUser(t);
    const profile = newProfile();
    const w = runWorker(profile, newNetwork());
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null'])
      expect(await w.external(openDashboard(user.token, api.apiUrl), origin)).toEqual({
        ok: false,
        error: 'Only the Postkeeper website may send this.',
      });
    expect(w.opened).toEqual([]);
    expect(profile.storage.has('session')).toBe(false);
    expect(await statusOf(w)).toMatchObject({ signedIn: false });

    await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
    expect(
      await w.external({ action: 'LOGOUT', timestamp: Date.now() }, 'https://evil.example'),
    ).toMatchObject({
      ok: false,
    });
    expect(await statusOf(w)).toMatchObject({ signedIn: true });
  });

  it('opens the library page and keeps the session; without a session it only opens the page', async () => {
    const user = await aiUser(t);
    const profile = newProfile();
    const w = runWorker(profile, newNetwork());
    expect(await w.external({ action: 'openDashboard', timestamp: 1 }, WEB_ORIGIN)).toEqual({ ok: true });
    expect(profile.storage.has('session')).toBe(false);
    expect(await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN)).toEqual({ ok: true });
    expect(w.opened).toEqual([
      `chrome-extension://${EXTENSION_ID}/dashboard.html`,
      `chrome-extension://${EXTENSION_ID}/dashboard.html`,
    ]);
    expect(profile.storage.get('session')).toMatchObject({ token: user.token, apiUrl: api.apiUrl });
    await w.idle();
    expect(await statusOf(w)).toMatchObject({
      signedIn: true,
      account: { plan: 'premium', storageUsed: 0 },
      apiUrl: api.apiUrl,
      webUrl: WEB_ORIGIN,
    });
  });

  it('uploads the saves kept in this browser once, though the hand-over comes twice at once', async () => {
    const user = await aiUser(t);
    const w = runWorker(newProfile(), newNetwork());
    const withImage = xPost({ images: [cdn.url('tiny.jpg'), cdn.url('gone.jpg')] });
    const plain = xPost({ text: 'A second save, kept signed out.' });
    await w.send({ type: 'save', post: withImage });
    await w.send({ type: 'save', post: plain });

    const handOver = openDashboard(user.token, api.apiUrl);
    await Promise.all([w.external(handOver, WEB_ORIGIN), w.external(handOver, WEB_ORIGIN)]);
    await w.idle();

    const posts = await accountPosts(user.headers);
    expect(posts.map((p) => p.url).sort()).toEqual([withImage.url, plain.url].sort());
    const uploaded = posts.find((p) => p.url === withImage.url)!;
    expect(uploaded).toMatchObject({ author: 'Ada Lovelace', authorHandle: '@ada', text: withImage.text });
    expect(uploaded.media.map((m) => m.contentType)).toEqual(['image/jpeg']);
    expect(w.apiCalls().filter((c) => c === 'POST /api/ext/posts')).toHaveLength(2);
    expect(await statusOf(w)).toMatchObject({ signedIn: true, localCount: 0, pendingCount: 0 });
    expect(await savedStateOf(w, [withImage.url, plain.url])).toEqual({
      saved: [withImage.url, plain.url],
      pending: [],
    });

    // Handed over again later (the web app's Extension link): nothing left to upload.
    await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
    await w.idle();
    expect(w.apiCalls().filter((c) => c === 'POST /api/ext/posts')).toHaveLength(2);
    expect(await count(t, 'posts', user.id)).toBe(2);
    expect(await count(t, 'post_media', user.id)).toBe(1);
  });

  it('two syncs at once (the hand-over twice): the one that read first cannot make the other drop what both saw', async () => {
    const user = await aiUser(t);
    // One more post than a page (100), so each sync reads two pages and the two can be interleaved.
    const urls = Array.from({ length: 101 }, (_, i) => `https://x.com/ada/status/${Date.now()}${i}`);
    await t.db
      .insert(posts)
      .values(
        urls.map((url) => ({ userId: user.id, platform: 'x' as const, url, author: 'Ada', sizeBytes: 100 })),
      );
    const network = newNetwork();
    const w = runWorker(newProfile(), network);
    await w.idle(); // its start's own sync, signed out: none
    const lists = () => w.apiCalls().filter((c) => c === 'GET /api/ext/posts').length;
    const release = { first: () => {}, third: () => {} };
    const gates = {
      first: new Promise<void>((resolve) => (release.first = resolve)),
      third: new Promise<void>((resolve) => (release.third = resolve)),
    };
    let asked = 0;
    network.delay = (method, url) => {
      if (method !== 'GET' || url.pathname !== '/api/ext/posts') return null;
      asked += 1;
      return asked === 1 ? gates.first : asked === 3 ? gates.third : null;
    };

    // The first sync asks for its first page, and its answer is slow to come.
    const handOver = openDashboard(user.token, api.apiUrl);
    await w.external(handOver, WEB_ORIGIN);
    await vi.waitFor(() => expect(lists()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The second starts later, reads its first page, and waits for its second.
    await w.external(handOver, WEB_ORIGIN);
    await vi.waitFor(() => expect(lists()).toBe(3));
    // The first now reads both its pages and ends; then the second ends.
    release.first();
    await vi.waitFor(() => expect(lists()).toBe(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release.third();
    await w.idle();

    const state = await savedStateOf(w, urls);
    expect(state.pending).toEqual([]);
    expect(state.saved.sort()).toEqual([...urls].sort());
    const { posts: library } = (await w.send({ type: 'library' })) as LibraryAnswer;
    expect(library).toHaveLength(101);
  });

  it('a worker stopped between the upload and its mark sends the save again at its next start: still one post', async () => {
    const user = await aiUser(t);
    const profile = newProfile();
    const network = newNetwork();
    const first = runWorker(profile, network);
    const post = xPost({ images: [cdn.url('tiny.webp')] });
    await first.send({ type: 'save', post });
    // The server saves the post, but the worker stops before it reads the answer and marks the save uploaded.
    network.hold = (method, url) => method === 'POST' && url.pathname === '/api/ext/posts';
    await first.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
    await expect.poll(() => count(t, 'posts', user.id)).toBe(1);

    network.hold = null;
    const restarted = runWorker(profile, network);
    await restarted.idle();
    expect(restarted.apiCalls()).toContain('POST /api/ext/posts');
    const [saved] = await accountPosts(user.headers);
    expect(saved.url).toBe(post.url);
    expect(saved.media).toHaveLength(1);
    expect(await count(t, 'posts', user.id)).toBe(1);
    expect(await statusOf(restarted)).toMatchObject({ localCount: 0, pendingCount: 0 });
  });

  it("after sign-in the account's posts are copied here: saved elsewhere shows as saved, deleted elsewhere goes", async () => {
    const user = await aiUser(t);
    const elsewhere = xPost({ text: 'Saved from another browser' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ext/posts',
      headers: user.headers,
      payload: { platform: 'x', url: elsewhere.url, author: 'Ada', text: elsewhere.text },
    });
    expect(res.statusCode).toBe(201);
    const w = runWorker(newProfile(), newNetwork());
    await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
    await w.idle();
    expect(await savedStateOf(w, [elsewhere.url])).toEqual({ saved: [elsewhere.url], pending: [] });

    await t.app.inject({
      method: 'DELETE',
      url: `/api/ext/posts/${res.json().post.id}`,
      headers: user.headers,
    });
    const { posts } = (await w.send({ type: 'library' })) as LibraryAnswer;
    expect(posts).toEqual([]);
    expect(await savedStateOf(w, [elsewhere.url])).toEqual({ saved: [], pending: [] });
  });
});

describe('signing out', () => {
  it("LOGOUT forgets the session and the account's copy; a save still waiting stays in this browser", async () => {
    const user = await aiUser(t);
    const profile = newProfile();
    const network = newNetwork();
    const w = runWorker(profile, network);
    await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
    await w.idle();
    const sent = xPost();
    expect(await w.send({ type: 'save', post: sent })).toMatchObject({ state: 'saved' });
    await w.idle();
    network.offline = true;
    const waiting = xPost({ text: 'Saved while offline' });
    expect(await w.send({ type: 'save', post: waiting })).toEqual({ state: 'pending', url: waiting.url });

    expect(await w.external({ action: 'LOGOUT', timestamp: Date.now() }, WEB_ORIGIN)).toEqual({ ok: true });
    expect(profile.storage.has('session')).toBe(false);
    expect(await statusOf(w)).toMatchObject({ signedIn: false, localCount: 1, pendingCount: 0 });
    // The sent post is in the account, not lost; the next person using this browser does not see it.
    expect(await savedStateOf(w, [sent.url, waiting.url])).toEqual({ saved: [waiting.url], pending: [] });
    expect(
      ((await w.send({ type: 'library' })) as { posts: { url: string }[] }).posts.map((p) => p.url),
    ).toEqual([waiting.url]);

    // Signed out, a save stays here and nothing goes to the API, online or not.
    network.offline = false;
    const calls = w.apiCalls().length;
    const later = xPost({ text: 'Saved after logging out' });
    expect(await w.send({ type: 'save', post: later })).toEqual({ state: 'saved', url: later.url });
    await w.idle();
    expect(w.apiCalls()).toHaveLength(calls);
    expect(await count(t, 'posts', user.id)).toBe(1);
  });

  it('a 401 (the session ended on the web) signs the extension out; the save is kept here, and nothing is lost', async () => {
    // The first save is in the account: it leaves this browser with the session and comes back with the next sync.
    const user = await registerUser(t.app);
    const profile = newProfile();
    const w = runWorker(profile, newNetwork());
    await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
    const first = xPost();
    await w.send({ type: 'save', post: first });
    await w.idle();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(user.token),
    });
    expect(logout.statusCode).toBe(204);

    const second = xPost({ text: 'Saved after the session ended' });
    expect(await w.send({ type: 'save', post: second })).toEqual({ state: 'saved', url: second.url });
    expect(profile.storage.has('session')).toBe(false);
    expect(await statusOf(w)).toMatchObject({ signedIn: false, localCount: 1 });
    expect(await savedStateOf(w, [first.url, second.url])).toEqual({ saved: [second.url], pending: [] });

    // Signed in again: the save made meanwhile reaches the account, and the first is not sent again.
    const token = await logIn(t.app, user.email);
    const calls = w.apiCalls().filter((c) => c === 'POST /api/ext/posts').length;
    await w.external(openDashboard(token, api.apiUrl), WEB_ORIGIN);
    await w.idle();
    const posts = await accountPosts(bearer(token));
    expect(posts.map((p) => p.url).sort()).toEqual([first.url, second.url].sort());
    expect(w.apiCalls().filter((c) => c === 'POST /api/ext/posts')).toHaveLength(calls + 1);
    expect(await savedStateOf(w, [first.url, second.url])).toEqual({
      saved: [first.url, second.url],
      pending: [],
    });
  });
});

describe('remove', () => {
  it('removes from the account signed in, and only from this browser signed out', async () => {
    const user = await aiUser(t);
    const w = runWorker(newProfile(), newNetwork());
    await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
    const post = xPost();
    await w.send({ type: 'save', post });
    await w.idle();
    expect(await w.send({ type: 'remove', url: post.url })).toEqual({ state: 'removed', url: post.url });
    expect(await count(t, 'posts', user.id)).toBe(0);
    expect(await savedStateOf(w, [post.url])).toEqual({ saved: [], pending: [] });

    const kept = xPost();
    await w.send({ type: 'save', post: kept });
    await w.idle();
    await w.external({ action: 'LOGOUT', timestamp: Date.now() }, WEB_ORIGIN);
    expect(await w.send({ type: 'remove', url: kept.url })).toEqual({ state: 'removed', url: kept.url });
    expect(await savedStateOf(w, [kept.url])).toEqual({ saved: [], pending: [] });
    expect(await count(t, 'posts', user.id)).toBe(1);
  });
});
