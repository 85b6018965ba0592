import { describe, expect, it } from 'vitest';
import { aiUser } from './fixtures';
import {
  newNetwork,
  newProfile,
  openDashboard,
  runWorker,
  workerApi,
  WEB_ORIGIN,
  xPost,
} from './extensionWorkerHarness';
import type { Post } from '../../src/contract/ext';
import type { FacetsAnswer, LibraryAnswer, LibraryChangeAnswer } from '../../src-extension/shared/messages';

// The worker's answers to the library page, against the real API: the account's counts, tag edits, deletes
// (storage given back) and delete-all signed in; the same changes on this browser's copy signed out; offline the
// page gets no server figures and a change says why it did not happen.

const { t, api } = workerApi();

async function accountPosts(headers: Record<string, string>): Promise<Post[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ext/posts?perPage=100', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().posts;
}

async function signedInWorker(plan: 'free' | 'premium') {
  const user = await aiUser(t, { plan });
  const network = newNetwork();
  const w = runWorker(newProfile(), network);
  await w.external(openDashboard(user.token, api.apiUrl), WEB_ORIGIN);
  await w.idle();
  return { user, w, network };
}

const urlsOf = async (w: ReturnType<typeof runWorker>) =>
  ((await w.send({ type: 'library' })) as LibraryAnswer).posts.map((p) => p.url);

describe('the library page’s requests, signed in', () => {
  it('status names the plan’s ads and AI; facets count the account; tags, deletes and delete-all reach it', async () => {
    const { user, w } = await signedInWorker('free');
    const [a, b] = [xPost({ text: 'Growth loops' }), xPost({ text: 'Design systems' })];
    for (const p of [a, b]) expect(await w.send({ type: 'save', post: p })).toMatchObject({ state: 'saved' });
    await w.idle();
    expect(await w.send({ type: 'status' })).toMatchObject({
      signedIn: true,
      account: { plan: 'free', showAds: true, aiEnabled: false },
    });

    expect(await w.send({ type: 'updateTags', url: a.url, tags: ['Growth', ' seo '] })).toEqual({ ok: true });
    const tagged = (await accountPosts(user.headers)).find((p) => p.url === a.url)!;
    expect(tagged.tags).toEqual(['growth', 'seo']);
    expect(
      ((await w.send({ type: 'library' })) as LibraryAnswer).posts.find((p) => p.url === a.url)?.tags,
    ).toEqual(['growth', 'seo']);

    const { facets } = (await w.send({
      type: 'libraryFacets',
      filters: { tags: [], platforms: ['x'] },
    })) as FacetsAnswer;
    expect(facets?.total).toBe(2);
    expect(facets?.tags).toEqual(expect.arrayContaining([{ value: 'growth', count: 1 }]));

    const deleted = (await w.send({ type: 'deletePosts', urls: [a.url] })) as LibraryChangeAnswer;
    expect(deleted).toMatchObject({ ok: true, storageUsed: expect.any(Number) });
    expect((await accountPosts(user.headers)).map((p) => p.url)).toEqual([b.url]);
    expect(await urlsOf(w)).toEqual([b.url]);

    expect(await w.send({ type: 'deleteAll' })).toEqual({ ok: true, storageUsed: 0 });
    expect(await accountPosts(user.headers)).toEqual([]);
    expect(await urlsOf(w)).toEqual([]);
  });

  it('offline: no server figures, and a change says why it was not made, leaving the copy as it was', async () => {
    const { w, network } = await signedInWorker('premium');
    const a = xPost();
    await w.send({ type: 'save', post: a });
    await w.idle();
    network.offline = true;
    expect(await w.send({ type: 'libraryFacets', filters: { tags: [], platforms: [] } })).toEqual({
      facets: null,
    });
    expect(await w.send({ type: 'syncLibrary' })).toEqual({ online: false });
    const refused = (await w.send({ type: 'deletePosts', urls: [a.url] })) as LibraryChangeAnswer;
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('could not be reached') });
    expect(await urlsOf(w)).toEqual([a.url]);
    expect(await w.send({ type: 'aiTask', task: 'search', query: 'tools' })).toMatchObject({ ok: false });
  });
});

describe('the library page’s requests, signed out', () => {
  it('tags and deletes apply to this browser’s copy; no server figures, no AI', async () => {
    const w = runWorker(newProfile(), newNetwork());
    const [a, b] = [xPost(), xPost()];
    for (const p of [a, b]) await w.send({ type: 'save', post: p });
    expect(await w.send({ type: 'updateTags', url: a.url, tags: ['Reading'] })).toEqual({ ok: true });
    expect(
      ((await w.send({ type: 'library' })) as LibraryAnswer).posts.find((p) => p.url === a.url)?.tags,
    ).toEqual(['reading']);
    expect(await w.send({ type: 'libraryStats', filters: { tags: [], platforms: [] } })).toEqual({
      stats: null,
    });
    expect(await w.send({ type: 'aiTask', task: 'recommendations' })).toMatchObject({ ok: false });
    expect(await w.send({ type: 'deletePosts', urls: [a.url] })).toEqual({ ok: true });
    expect(await urlsOf(w)).toEqual([b.url]);
    expect(await w.send({ type: 'deleteAll' })).toEqual({ ok: true });
    expect(await urlsOf(w)).toEqual([]);
    expect(w.apiCalls()).toEqual([]);
  });
});
