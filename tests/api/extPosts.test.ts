import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openApiDoc, sharedTestApp } from './harness';
import { extUser, sharedExtUser, type ExtUser } from './fixtures';
import { count, ON_ITS_OWN_HOST, savePost, storageUsed } from './extHarness';
import { posts, users } from '../../src-server/db/schema';
import { POST_ROW_BYTES } from '../../src-server/ext/postSize';
import { setPostLabels } from '../../src-server/ext/postsService';

const t = sharedTestApp(ON_ITS_OWN_HOST);
const ann = sharedExtUser(t);
const bob = sharedExtUser(t);

describe('the /api/ext guard', () => {
  it('answers 401 {message} on every route without a valid session', async () => {
    for (const [method, url] of [
      ['GET', '/api/ext/account'],
      ['GET', '/api/ext/posts'],
      ['POST', '/api/ext/posts'],
      ['DELETE', '/api/ext/posts/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/ext/posts/00000000-0000-0000-0000-000000000000/media'],
      ['GET', '/api/ext/unknown'],
    ] as const) {
      for (const headers of [{}, { authorization: 'Bearer not-a-session' }]) {
        const res = await t.app.inject({ method, url, headers, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
      }
    }
  });
});

describe('the OpenAPI document', () => {
  it('shows every extension route with its schemas', async () => {
    const doc = await openApiDoc(t.app);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/ext/'))).toEqual(
      expect.arrayContaining([
        '/api/ext/account',
        '/api/ext/posts',
        '/api/ext/posts/{id}',
        '/api/ext/posts/{id}/media',
      ]),
    );
    const params = doc.paths['/api/ext/posts'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(['search', 'q', 'platform', 'tag', 'page', 'perPage', 'updatedSince', 'before']);
    const saveFields = Object.keys(
      doc.paths['/api/ext/posts'].post.requestBody.content['application/json'].schema.properties,
    );
    expect(saveFields).toEqual(
      expect.arrayContaining(['authorHandle', 'title', 'quotedUrl', 'replyToUrl', 'postedAt']),
    );
    expect(doc.paths['/api/ext/posts'].post.responses).toHaveProperty('413');
  });
});

describe('GET /api/ext/account', () => {
  const account = async (u: ExtUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/ext/account', headers: u.headers })).json().account;

  it('shows ads only to a free account whose ads are on, and AI only to Premium', async () => {
    const u = await extUser(t);
    expect(await account(u)).toEqual({
      email: u.email,
      displayName: 'Test User',
      plan: 'free',
      subscriptionStatus: null,
      adsDisabled: false,
      showAds: true,
      storageUsed: 0,
      storageLimit: 1024 ** 3,
      aiEnabled: false,
    });
    await t.db.update(users).set({ adsDisabled: true }).where(eq(users.id, u.id));
    expect(await account(u)).toMatchObject({ adsDisabled: true, showAds: false });
    await t.db
      .update(users)
      .set({ plan: 'premium', subscriptionStatus: 'active', adsDisabled: false })
      .where(eq(users.id, u.id));
    expect(await account(u)).toMatchObject({ plan: 'premium', showAds: false, aiEnabled: true });
    await t.db.update(users).set({ flaggedForAbuse: true }).where(eq(users.id, u.id));
    expect(await account(u)).toMatchObject({ aiEnabled: false });
  });
});

describe('POST /api/ext/posts', () => {
  it('saves a post (201) and counts its UTF-8 bytes plus the fixed row size against storage', async () => {
    const body = {
      platform: 'x',
      url: 'https://x.com/ann/status/1',
      author: 'Zoë',
      text: 'Café ☕ notes',
      postedAt: '2026-01-02T03:04:05Z',
    };
    const res = await savePost(t, ann, body);
    expect(res.statusCode).toBe(201);
    const expected = POST_ROW_BYTES + body.url.length + 4 + Buffer.byteLength(body.text);
    expect(res.json().post).toEqual({
      id: expect.any(String),
      platform: 'x',
      url: body.url,
      author: 'Zoë',
      authorHandle: '',
      title: '',
      text: 'Café ☕ notes',
      quotedUrl: null,
      replyToUrl: null,
      postedAt: '2026-01-02T03:04:05.000Z',
      tags: [],
      category: null,
      media: [],
      sizeBytes: expected,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    });
    expect(await storageUsed(t, ann.id)).toBe(expected);
  });

  it('keeps the author’s handle, the quoted and answered posts’ links, and counts their bytes', async () => {
    const u = await extUser(t);
    const body = {
      platform: 'x',
      url: 'https://x.com/grace/status/1790000000000000001',
      author: 'Grace Hopper',
      authorHandle: '  @grace  ',
      text: 'Exactly this. The most dangerous phrase is “we’ve always done it this way”.',
      quotedUrl: 'https://x.com/ada/status/1789999999999999999',
      replyToUrl: 'https://x.com/linus/status/1789999999999999000',
      postedAt: '2026-03-01T09:30:00Z',
    };
    const res = await savePost(t, u, body);
    expect(res.statusCode).toBe(201);
    const post = res.json().post;
    expect(post).toMatchObject({
      platform: 'x',
      author: 'Grace Hopper',
      authorHandle: '@grace',
      title: '',
      quotedUrl: body.quotedUrl,
      replyToUrl: body.replyToUrl,
    });
    const expected =
      POST_ROW_BYTES +
      [body.url, body.author, '@grace', body.text, body.quotedUrl, body.replyToUrl]
        .map((s) => Buffer.byteLength(s))
        .reduce((a, b) => a + b);
    expect(post.sizeBytes).toBe(expected);
    expect(await storageUsed(t, u.id)).toBe(expected);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({
      authorHandle: '@grace',
      quotedUrl: body.quotedUrl,
      replyToUrl: body.replyToUrl,
    });
  });

  it('saves a link from any other site as platform web with its title, counted in its size', async () => {
    const u = await extUser(t);
    const body = {
      platform: 'web',
      url: 'https://blog.example.org/2026/03/why-we-rewrote-our-queue',
      title: 'Why we rewrote our job queue (and what it cost us)',
      text: 'A year of at-least-once delivery, told from the pager’s side.',
    };
    const res = await savePost(t, u, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().post).toMatchObject({
      platform: 'web',
      title: body.title,
      author: '',
      authorHandle: '',
      quotedUrl: null,
      replyToUrl: null,
      sizeBytes: POST_ROW_BYTES + body.url.length + body.title.length + Buffer.byteLength(body.text),
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/ext/posts?platform=web',
      headers: u.headers,
    });
    expect(listed.json().posts.map((p: { title: string }) => p.title)).toEqual([body.title]);
  });

  it('answers a retried save with the same post as first saved: nothing changed, duplicated or counted again', async () => {
    const u = await extUser(t);
    const first = {
      platform: 'reddit',
      url: 'https://www.reddit.com/r/rust/comments/1abcde/async_drop_is_finally_here/',
      author: 'ferris',
      authorHandle: 'u/ferris',
      title: 'Async drop is finally here',
      text: 'The RFC landed last night. Here is what changes for library authors.',
      replyToUrl: null,
    };
    const saved = await savePost(t, u, first);
    expect(saved.statusCode).toBe(201);
    const used = await storageUsed(t, u.id);
    t.clock.advance(60_000);
    for (const retry of [
      first,
      {
        ...first,
        authorHandle: 'u/someone-else',
        title: 'Edited title',
        quotedUrl: 'https://x.com/a/status/1',
      },
      { platform: 'reddit', url: first.url },
    ]) {
      const again = await savePost(t, u, retry);
      expect(again.statusCode).toBe(200);
      expect(again.json().post).toEqual(saved.json().post);
    }
    expect(await count(t, 'posts', u.id)).toBe(1);
    expect(await storageUsed(t, u.id)).toBe(used);
  });

  it('returns the saved post (200) for the same url, counted once; another user saves their own', async () => {
    const first = (await savePost(t, ann, { platform: 'reddit', url: 'https://reddit.com/r/a/1' })).json()
      .post;
    const before = await storageUsed(t, ann.id);
    const again = await savePost(t, ann, {
      platform: 'reddit',
      url: 'https://reddit.com/r/a/1',
      text: 'new',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().post).toEqual(first);
    expect(await storageUsed(t, ann.id)).toBe(before);
    const other = await savePost(t, bob, { platform: 'reddit', url: 'https://reddit.com/r/a/1' });
    expect(other.statusCode).toBe(201);
    expect(other.json().post.id).not.toBe(first.id);
  });

  it('answers bad input with 400 {message} and saves nothing', async () => {
    const u = await extUser(t);
    const ok = { platform: 'linkedin', url: 'https://linkedin.com/posts/1' };
    const cases: [unknown, RegExp][] = [
      [{}, /platform/],
      [{ url: ok.url }, /platform/],
      [{ ...ok, platform: 'myspace' }, /platform must be one of x, linkedin/],
      [{ platform: 'x' }, /url/],
      [{ ...ok, url: '' }, /url is required/],
      [{ ...ok, url: 'javascript:alert(1)' }, /http or https URL/],
      [{ ...ok, url: 'not a url' }, /http or https URL/],
      [{ ...ok, url: `https://x.com/${'a'.repeat(3000)}` }, /at most 2048/],
      [{ ...ok, url: 42 }, /url must be text/],
      [{ ...ok, author: ['a'] }, /author must be text/],
      [{ ...ok, text: 'nul \u0000 byte' }, /NUL/],
      [{ ...ok, url: 'https://x.com/\u0000' }, /NUL/],
      [{ ...ok, text: 'x'.repeat(50_001) }, /at most 50000/],
      [{ ...ok, postedAt: 'yesterday' }, /postedAt/],
      [{ ...ok, postedAt: '0000-01-01T00:00:00Z' }, /between 1970 and 2999/],
      [{ ...ok, authorHandle: 7 }, /^authorHandle must be text/],
      [{ ...ok, authorHandle: '@'.repeat(201) }, /^authorHandle must be at most 200/],
      [{ ...ok, authorHandle: '@a\u0000' }, /^authorHandle must not contain NUL/],
      [{ ...ok, title: 'T'.repeat(501) }, /^title must be at most 500/],
      [{ ...ok, title: { text: 'x' } }, /^title must be text/],
      [{ ...ok, quotedUrl: 'javascript:alert(1)' }, /^quotedUrl must be an http or https URL/],
      [{ ...ok, quotedUrl: '' }, /^quotedUrl must be an http or https URL/],
      [{ ...ok, quotedUrl: `https://x.com/${'q'.repeat(2048)}` }, /^quotedUrl must be at most 2048/],
      [{ ...ok, replyToUrl: 'ftp://example.com/post' }, /^replyToUrl must be an http or https URL/],
      [{ ...ok, replyToUrl: 12 }, /^replyToUrl must be text/],
      [{ ...ok, platform: 'Web' }, /platform must be one of x, linkedin, reddit, instagram, pinterest, web/],
      [[ok], /JSON object/],
    ];
    for (const [payload, message] of cases) {
      const res = await savePost(t, u, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    for (const raw of [
      '"just text"',
      '{"platform":',
      '{"__proto__":{"x":1},"platform":"x","url":"https://x.com/1"}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ext/posts',
        headers: { ...u.headers, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await count(t, 'posts', u.id)).toBe(0);
    expect(await storageUsed(t, u.id)).toBe(0);
  });
});

describe('DELETE /api/ext/posts/{id}', () => {
  it('deletes the post (204) and frees its bytes; another user’s or an unknown id is 404', async () => {
    const u = await extUser(t);
    const post = (await savePost(t, u, { platform: 'x', url: 'https://x.com/d/1', text: 'bye' })).json().post;
    expect(await storageUsed(t, u.id)).toBe(post.sizeBytes);
    const del = (who: ExtUser, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/ext/posts/${id}`, headers: who.headers });
    const foreign = await del(bob, post.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Post not found' });
    expect(await count(t, 'posts', u.id)).toBe(1);
    for (const bad of ['not-a-uuid', '00000000-0000-0000-0000-000000000000'])
      expect((await del(u, bad)).statusCode).toBe(404);
    const res = await del(u, post.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await count(t, 'posts', u.id)).toBe(0);
    expect(await storageUsed(t, u.id)).toBe(0);
    expect((await del(u, post.id)).statusCode).toBe(404);
  });
});

describe('setPostLabels (the AI gateway saves tags and categories through it)', () => {
  it('moves the post’s sizeBytes and the user’s storage by the difference', async () => {
    const u = await extUser(t);
    const post = (await savePost(t, u, { platform: 'x', url: 'https://x.com/l/1' })).json().post;
    const labelled = await t.db.transaction((tx) =>
      setPostLabels(tx, u.id, post.id, { tags: ['ai', 'tools'], category: 'Tech' }, t.clock.now()),
    );
    expect(labelled.sizeBytes).toBe(post.sizeBytes + 'aitoolsTech'.length);
    expect(await storageUsed(t, u.id)).toBe(labelled.sizeBytes);
    const cleared = await t.db.transaction((tx) =>
      setPostLabels(tx, u.id, post.id, { tags: [], category: null }, t.clock.now()),
    );
    expect(cleared.sizeBytes).toBe(post.sizeBytes);
    expect(await storageUsed(t, u.id)).toBe(post.sizeBytes);
    await expect(
      t.db.transaction((tx) => setPostLabels(tx, bob.id, post.id, { tags: ['x'] }, t.clock.now())),
    ).rejects.toThrow('Post not found');
  });
});
