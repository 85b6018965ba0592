import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiUser } from './fixtures';
import { count, setStorageUsed } from './extHarness';
import {
  imageCdn,
  newNetwork,
  newProfile,
  openDashboard,
  runWorker,
  workerApi,
  WEB_ORIGIN,
  xPost,
  type Network,
  type Profile,
} from './extensionWorkerHarness';
import type { Post } from '../../src/contract/ext';
import type { LibraryAnswer, SavedStateAnswer, StatusAnswer } from '../../src-extension/shared/messages';
import { createWorkerContext } from '../../src-extension/background/workerContext';

// Saving signed in: the post, its images and the AI on save reach the account; the storage limit, AI failures and
// no network are answered as the Save control shows them, and nothing is lost on the way.

const LABELS = '{"category": "technology", "tags": ["devtools", "startups"]}';
const { t, stands, api } = workerApi(LABELS);
const { openai } = stands;
const cdn = imageCdn();

async function accountPost(headers: Record<string, string>, url: string): Promise<Post | undefined> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ext/posts?perPage=100', headers });
  return (res.json().posts as Post[]).find((p) => p.url === url);
}

/** A worker signed in as a new account of `plan`, with the time it reads under the test's control. */
async function signedIn(
  plan: 'free' | 'premium',
  profile: Profile = newProfile(),
  network: Network = newNetwork(),
) {
  const user = await aiUser(t, { plan });
  const clock = { now: Date.now() };
  const w = runWorker(profile, network, { now: () => clock.now });
  await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
  await w.idle();
  return { user, w, clock, profile, network };
}

describe('a save signed in', () => {
  it('Pro: answers saved at once, then uploads its images and gets AI tags and a category on the post', async () => {
    const { user, w } = await signedIn('premium');
    const post = xPost({
      images: [cdn.url('tiny.jpg'), cdn.url('tiny.gif'), cdn.url('removed-from-cdn.jpg')],
    });
    const state = await w.send({ type: 'save', post });
    expect(state).toEqual({ state: 'saved', url: post.url, postId: expect.any(String) });
    await w.idle();

    const saved = await accountPost(user.headers, post.url);
    expect(saved).toMatchObject({
      author: 'Ada Lovelace',
      authorHandle: '@ada',
      text: post.text,
      postedAt: '2026-01-31T12:00:00.000Z',
      category: 'technology',
      tags: ['devtools', 'startups'],
    });
    expect(saved!.media.map((m) => m.contentType)).toEqual(['image/jpeg', 'image/gif']);
    const { posts } = (await w.send({ type: 'library' })) as LibraryAnswer;
    expect(posts[0]).toMatchObject({ url: post.url, state: 'saved', tags: ['devtools', 'startups'] });

    // Saved again (the same post on another page): the same post, nothing sent twice.
    const calls = w.apiCalls().length;
    expect(await w.send({ type: 'save', post })).toEqual(state);
    expect(w.apiCalls()).toHaveLength(calls);
  });

  it('Free: basic categorization only; no auto-tagging is asked', async () => {
    const { user, w } = await signedIn('free');
    const post = xPost();
    await w.send({ type: 'save', post });
    await w.idle();
    expect(await accountPost(user.headers, post.url)).toMatchObject({ category: 'technology', tags: [] });
    expect(w.apiCalls()).not.toContain('POST /api/ext/ai/auto-tagging');
    expect(openai.requests).toHaveLength(1);
  });

  it('an AI failure (502) leaves the post saved; its tags come on a later try', async () => {
    const { user, w, clock } = await signedIn('premium');
    openai.setFallback({ kind: 'status', status: 500 });
    const post = xPost();
    expect(await w.send({ type: 'save', post })).toMatchObject({ state: 'saved' });
    await w.idle();
    expect(w.apiCalls()).toContain('POST /api/ext/ai/categorization');
    expect(await accountPost(user.headers, post.url)).toMatchObject({ category: null, tags: [] });

    // The worker comes back at the next try's time (30 s), while it lives.
    expect(w.timers.at(-1)?.ms).toBe(30_000);
    openai.reset();
    clock.now += 30_000;
    w.timers.at(-1)!.fn();
    await w.idle();
    expect(await accountPost(user.headers, post.url)).toMatchObject({
      category: 'technology',
      tags: ['devtools', 'startups'],
    });
  });

  it('past the storage limit (413): the plan’s message and the Upgrade link, and nothing kept', async () => {
    const { user, w } = await signedIn('free');
    await setStorageUsed(t, user.id, 1024 ** 3 - 10);
    const post = xPost();
    expect(await w.send({ type: 'save', post })).toEqual({
      state: 'quota',
      url: post.url,
      message:
        'Storage limit reached: your Free plan includes 1 GB and 10 bytes is left. Delete saved posts or upgrade to Pro for 10 GB.',
      upgradeUrl: `${WEB_ORIGIN}/upgrade`,
    });
    expect((await w.send({ type: 'savedState', urls: [post.url] })) as SavedStateAnswer).toEqual({
      saved: [],
      pending: [],
    });
    expect(await count(t, 'posts', user.id)).toBe(0);
  });
});

describe('offline', () => {
  it('a save is pending, survives a browser restart, and is sent when the network returns', async () => {
    const { user, w, profile, network } = await signedIn('premium');
    network.offline = true;
    const post = xPost({ images: [cdn.url('tiny.webp')] });
    expect(await w.send({ type: 'save', post })).toEqual({ state: 'pending', url: post.url });
    expect(await w.send({ type: 'savedState', urls: [post.url] })).toEqual({
      saved: [],
      pending: [post.url],
    });
    expect(await w.send({ type: 'status' })).toMatchObject({
      signedIn: true,
      pendingCount: 1,
    } as StatusAnswer);

    // The browser restarts, still offline: the save is still there, still waiting.
    const restarted = runWorker(profile, network);
    await restarted.idle();
    expect(await restarted.send({ type: 'savedState', urls: [post.url] })).toEqual({
      saved: [],
      pending: [post.url],
    });
    expect(await count(t, 'posts', user.id)).toBe(0);

    network.offline = false;
    restarted.online();
    await restarted.idle();
    expect(await restarted.send({ type: 'savedState', urls: [post.url] })).toEqual({
      saved: [post.url],
      pending: [],
    });
    const sent = await accountPost(user.headers, post.url);
    expect(sent).toMatchObject({ text: post.text, category: 'technology' });
    expect(sent!.media).toHaveLength(1);
    expect(await restarted.send({ type: 'status' })).toMatchObject({ pendingCount: 0 });
  });

  it('a control showing Pending asks again every few seconds: once the network is back, that sends the save', async () => {
    const { user, w, clock, network } = await signedIn('free');
    network.offline = true;
    const post = xPost();
    expect(await w.send({ type: 'save', post })).toEqual({ state: 'pending', url: post.url });
    const ask = () => w.send({ type: 'savedState', urls: [post.url] });
    expect(await ask()).toEqual({ saved: [], pending: [post.url] });
    await w.idle();

    network.offline = false;
    clock.now += 5000;
    expect(await ask()).toEqual({ saved: [], pending: [post.url] });
    await w.idle();
    expect(await ask()).toEqual({ saved: [post.url], pending: [] });
    expect(await accountPost(user.headers, post.url)).toMatchObject({ text: post.text });
  });

  it('when the API fails (502 from its proxy) a save is pending too, and the next start of the worker sends it', async () => {
    const { user, w, profile, network } = await signedIn('free');
    network.apiStatus = 502;
    const post = xPost();
    expect(await w.send({ type: 'save', post })).toEqual({ state: 'pending', url: post.url });
    await w.idle();
    expect(await count(t, 'posts', user.id)).toBe(0);

    network.apiStatus = null;
    const next = runWorker(profile, network);
    await next.idle();
    expect(await accountPost(user.headers, post.url)).toMatchObject({ text: post.text });
    expect(await next.send({ type: 'savedState', urls: [post.url] })).toEqual({
      saved: [post.url],
      pending: [],
    });
  });
});

describe("the worker's timer", () => {
  afterEach(() => vi.useRealTimers());

  it('comes back once at the earliest wanted time, however many failures asked for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const runs: number[] = [];
    const ctx = createWorkerContext({
      config: { webUrl: WEB_ORIGIN, apiUrl: `${WEB_ORIGIN}/api`, isWebAppOrigin: () => false },
      storage: { get: async () => ({}), set: async () => undefined, remove: async () => undefined },
      fetch,
      now: () => Date.now(),
      localCategory: () => null,
      openExtensionPage: async () => undefined,
      schedule: (fn, ms) => void setTimeout(fn, ms),
    });
    const start = Date.now();
    const task = async () => void runs.push(Date.now() - start);
    ctx.wakeAt(start + 60_000, task);
    ctx.wakeAt(start + 30_000, task);
    ctx.wakeAt(start + 45_000, task);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([30_000]);
    // The 60 s timer set first still runs once; nothing else does.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([30_000, 60_000]);
  });
});
