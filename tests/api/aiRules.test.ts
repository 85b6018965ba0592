import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, openApiDoc } from './harness';
import { aiUser } from './fixtures';
import {
  allUsageCount,
  askAi,
  configureTask,
  expectEachRefused,
  postRow,
  READING_TASKS,
  savedPost,
  sharedAiApp,
  usageRows,
} from './aiHarness';
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';

// Only OpenAI has a key here: Anthropic and Google are "not configured".
const { t, admin, stands } = sharedAiApp({
  openai: () => startFakeOpenAi({ kind: 'answer', text: '{"category": "business", "tags": ["saas"]}' }),
});
const { openai } = stands;

describe('the plan rule', () => {
  it('lets a free account categorize, and answers 403 naming Premium for every other task', async () => {
    const free = await aiUser(t, { plan: 'free' });
    const postId = await savedPost(t, free.id);
    const ok = await askAi(t, free.headers, 'categorization', { postId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toEqual({ category: 'business' });
    const premiumTasks = [['auto-tagging', { postId }], ...READING_TASKS] as const;
    await expectEachRefused(t, free.headers, 403, /Premium/, premiumTasks);
    expect(openai.requests).toHaveLength(1);
    expect(await usageRows(t, free.id)).toHaveLength(1);
    expect((await postRow(t, postId)).tags).toEqual([]);
  });

  it('answers 403 to a suspended (flagged) account, free or Premium, and asks no provider', async () => {
    for (const plan of ['free', 'premium'] as const) {
      const flagged = await aiUser(t, { plan, flagged: true });
      const postId = await savedPost(t, flagged.id);
      for (const task of ['categorization', 'auto-tagging']) {
        const res = await askAi(t, flagged.headers, task, { postId });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/suspended/);
      }
      expect(await usageRows(t, flagged.id)).toHaveLength(0);
    }
    expect(openai.requests).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const res = await askAi(t, {}, 'categorization', { query: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });
});

describe('posts the request may use', () => {
  it("answers 404 for another user's post and leaves it as it was", async () => {
    const owner = await aiUser(t);
    const other = await aiUser(t);
    const postId = await savedPost(t, owner.id, { tags: ['mine'], category: 'design' });
    for (const task of ['auto-tagging', 'categorization', 'recommendations']) {
      const res = await askAi(t, other.headers, task, { postId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
    expect(await postRow(t, postId)).toMatchObject({ tags: ['mine'], category: 'design' });
    expect(openai.requests).toHaveLength(0);
    expect(await usageRows(t, other.id)).toHaveLength(0);
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"])(
    'answers 404 for the post id %j',
    async (postId) => {
      const someone = await aiUser(t);
      const res = await askAi(t, someone.headers, 'auto-tagging', { postId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    },
  );
});

describe('bad input', () => {
  let user: Awaited<ReturnType<typeof aiUser>>;
  let postId: string;
  beforeAll(async () => {
    user = await aiUser(t);
    postId = await savedPost(t, user.id, { tags: ['keep'] });
  });

  it.each([
    ['translation', {}, /Unknown AI task type. Use one of: auto-tagging, categorization, search/],
    ['constructor', {}, /Unknown AI task type/],
    ['__proto__', {}, /Unknown AI task type/],
    ['toString', {}, /Unknown AI task type/],
    ['hasOwnProperty', { query: 'x' }, /Unknown AI task type/],
    ['auto-tagging', {}, /auto-tagging needs a postId or a query/],
    ['categorization', { postId: 'x', query: 'y' }, /not both/],
    ['search', {}, /search needs a query/],
    ['search', { query: '   ' }, /query must not be empty/],
    ['search', { query: 'x'.repeat(2001) }, /query must be at most 2000 characters/],
    ['search', { query: 42 }, /query/],
    ['analytics', { postId: 'x' }, /analytics takes an optional query/],
  ])('POST /api/ext/ai/%s with %j is a 400 {message} that changes nothing', async (task, body, message) => {
    const before = await allUsageCount(t);
    const res = await askAi(t, user.headers, task, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toMatch(message);
    expect(await allUsageCount(t)).toBe(before);
    expect((await postRow(t, postId)).tags).toEqual(['keep']);
    expect(openai.requests).toHaveLength(0);
  });

  it('answers 400 to a body that is not JSON or not an object', async () => {
    for (const body of ['{"query": ', '"just a string"', '[1, 2]']) {
      const res = await askAi(t, user.headers, 'search', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(openai.requests).toHaveLength(0);
  });
});

describe('a provider without an API key', () => {
  it('sends its requests to OpenAI, whose answer says so and is metered as OpenAI', async () => {
    await configureTask(t, admin, 'categorization', 'anthropic', 'claude-sonnet-4');
    const user = await aiUser(t);
    const res = await askAi(t, user.headers, 'categorization', { query: 'Quarterly revenue review' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      result: { category: 'business' },
    });
    expect(openai.requests).toHaveLength(1);
    expect((await usageRows(t, user.id))[0]).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
  });

  it('is marked in the console: configured is false for it and true for OpenAI', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ai-config/providers',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const providers = res.json().providers as Record<string, { configured: boolean }>;
    expect(Object.fromEntries(Object.entries(providers).map(([id, p]) => [id, p.configured]))).toEqual({
      openai: true,
      anthropic: false,
      google: false,
    });
  });

  it('keeps the provider list behind the admin guard', async () => {
    const { token } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ai-config/providers',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('OpenAPI document', () => {
  it('documents the AI route with its task types, body and every result shape', async () => {
    const doc = await openApiDoc(t.app);
    const op = doc.paths['/api/ext/ai/{taskType}'].post;
    expect(op.parameters.find((p: { name: string }) => p.name === 'taskType').schema.enum).toEqual([
      'auto-tagging',
      'categorization',
      'search',
      'recommendations',
      'analytics',
    ]);
    const body = JSON.stringify(op.requestBody);
    expect(body).toContain('postId');
    expect(body).toContain('query');
    const ok = JSON.stringify(op.responses['200']);
    for (const key of [
      'tags',
      'category',
      'postIds',
      'recommendations',
      'summary',
      'usage',
      'cost',
      'provider',
    ])
      expect(ok).toContain(`"${key}"`);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '403', '404', '502']));
  });
});
