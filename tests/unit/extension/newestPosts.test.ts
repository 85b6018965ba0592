import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newestPosts, openLocalStore, putPost } from '../../../src-extension/background/localStore';
import { demoLibrary } from '../../fixtures/demoLibrary';

// The library's first cards come from the newest posts of the local copy, read without reading every post.

describe('newestPosts', () => {
  it('gives the newest posts, newest first, or all of them when there are fewer', async () => {
    const db = await openLocalStore(`newest-${Date.now()}`);
    expect(await newestPosts(db, 24)).toEqual([]);
    const posts = demoLibrary(50, Date.parse('2026-06-17T12:00:00Z'));
    // Stored in no particular order: the index orders them.
    for (const p of [...posts].reverse()) await putPost(db, p);
    const newest = await newestPosts(db, 24);
    const byDate = [...posts].sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    expect(newest.map((p) => p.url)).toEqual(byDate.slice(0, 24).map((p) => p.url));
    expect((await newestPosts(db, 80)).map((p) => p.url)).toEqual(byDate.map((p) => p.url));
    db.close();
  });
});
