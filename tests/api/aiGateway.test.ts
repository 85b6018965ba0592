import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiUser } from './fixtures';
import { and, eq } from 'drizzle-orm';
import {
  askAi,
  configureTask,
  expectEachRefused,
  postRow,
  savedPost,
  sharedAiApp,
  usageRows,
} from './aiHarness';
import { answer } from '../fixtures/fakeAiServer';
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';
import { startFakeAnthropic } from '../fixtures/fakeAnthropic';
import { startFakeGemini } from '../fixtures/fakeGemini';
import { aiConfigs, modelPrices, users } from '../../src-server/db/schema';
import { buildApp } from '../../src-server/app';

// One app with all three providers configured, each pointed at its local stand-in.
const { t, admin, user, stands } = sharedAiApp({
  openai: () => startFakeOpenAi(),
  anthropic: () => startFakeAnthropic(),
  gemini: () => startFakeGemini(),
});
const { openai, anthropic, gemini } = stands;
beforeEach(async () => {
  await t.app.inject({ method: 'POST', url: '/api/admin/ai-config/reset', headers: admin.headers });
});

const TEXT = 'Shipping a developer tool as a two-person startup: what we learned about pricing.';

describe('POST /api/ext/ai/auto-tagging', () => {
  it("goes to openai's default model by default, saves the tags on the post, and meters one row at model_prices' price", async () => {
    await t.db
      .update(modelPrices)
      .set({ inputPerMTok: 1.5, outputPerMTok: 6 })
      .where(and(eq(modelPrices.provider, 'openai'), eq(modelPrices.model, 'gpt-4o-mini')));
    const postId = await savedPost(t, user.id, { text: TEXT, tags: ['old'] });
    openai.queue(
      answer(
        '```json\n{"tags": [" Startups ", "#Pricing", "startups", "Developer   Tools", ""], "confidence": 0.9}\n```',
        320,
        45,
      ),
    );

    const res = await askAi(t, user.headers, 'auto-tagging', { postId });

    expect(res.statusCode).toBe(200);
    // $0.00075: within the micro-dollar that ai_usage_events keeps.
    const cost = (320 * 1.5 + 45 * 6) / 1_000_000;
    expect(res.json()).toEqual({
      result: { tags: ['startups', 'pricing', 'developer tools'] },
      provider: 'openai',
      model: 'gpt-4o-mini',
      usage: { inputTokens: 320, outputTokens: 45, totalTokens: 365 },
      cost,
    });
    expect((await postRow(t, postId)).tags).toEqual(['startups', 'pricing', 'developer tools']);
    const rows = await usageRows(t, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      taskType: 'auto-tagging',
      provider: 'openai',
      model: 'gpt-4o-mini',
      inputTokens: 320,
      outputTokens: 45,
      totalTokens: 365,
      cost,
    });
    // The stand-in saw the official SDK's request: the key, the model, JSON mode and the post's text.
    expect(openai.requests).toHaveLength(1);
    const sent = openai.requests[0];
    expect(sent.headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_object' } });
    expect(JSON.stringify(sent.body.messages)).toContain(TEXT);
  });

  it("moves the post's size and the user's storage by the tags' bytes; past the limit it is a 413, still metered", async () => {
    const storage = async () =>
      (await t.db.select({ used: users.storageUsed }).from(users).where(eq(users.id, user.id)))[0].used;
    const limitStorage = (bytes: number) =>
      t.db.update(users).set({ storageLimit: bytes }).where(eq(users.id, user.id));
    const postId = await savedPost(t, user.id, { text: TEXT });
    const sizeBefore = (await postRow(t, postId)).sizeBytes;
    const usedBefore = await storage();
    openai.queue(answer('{"tags": ["startups", "pricing"]}', 10, 5));

    expect((await askAi(t, user.headers, 'auto-tagging', { postId })).statusCode).toBe(200);

    const grown = 'startups'.length + 'pricing'.length;
    expect((await postRow(t, postId)).sizeBytes).toBe(sizeBefore + grown);
    expect(await storage()).toBe(usedBefore + grown);

    // A full account: the tags are refused with the storage message, the request is still metered.
    await limitStorage(usedBefore + grown);
    const metered = (await usageRows(t, user.id)).length;
    openai.queue(answer('{"tags": ["a-much-longer-tag"]}', 10, 5));
    const full = await askAi(t, user.headers, 'auto-tagging', { postId });
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toMatch(/^Storage limit reached/);
    expect((await postRow(t, postId)).tags).toEqual(['startups', 'pricing']);
    expect(await usageRows(t, user.id)).toHaveLength(metered + 1);
    await limitStorage(10 * 1024 ** 3);
  });

  it('tags a text sent as the query without saving anything', async () => {
    const before = (await usageRows(t, user.id)).length;
    const res = await askAi(t, user.headers, 'auto-tagging', { query: 'Notes on Rust async runtimes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ tags: ['stand-in', 'openai'] });
    expect(JSON.stringify(openai.requests[0].body.messages)).toContain('Notes on Rust async runtimes');
    expect(await usageRows(t, user.id)).toHaveLength(before + 1);
  });
});

describe('routing by the console', () => {
  it('sends categorization to the provider and model set for it, saving the category', async () => {
    await configureTask(t, admin, 'categorization', 'anthropic', 'claude-sonnet-4');
    const postId = await savedPost(t, user.id, { text: TEXT });
    anthropic.queue(answer('{"category": " Technology. "}', 210, 12));
    const before = (await usageRows(t, user.id)).length;

    const res = await askAi(t, user.headers, 'categorization', { postId });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: { category: 'technology' },
      provider: 'anthropic',
      model: 'claude-sonnet-4',
      usage: { inputTokens: 210, outputTokens: 12, totalTokens: 222 },
      cost: (210 * 3 + 12 * 15) / 1_000_000,
    });
    expect((await postRow(t, postId)).category).toBe('technology');
    expect(anthropic.requests).toHaveLength(1);
    expect(anthropic.requests[0].body).toMatchObject({ model: 'claude-sonnet-4-20250514' });
    expect(openai.requests).toHaveLength(0);
    const rows = await usageRows(t, user.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-4', totalTokens: 222 });
  });

  it("uses the provider's default model when the console names none", async () => {
    await configureTask(t, admin, 'auto-tagging', 'google', null);
    const res = await askAi(t, user.headers, 'auto-tagging', { query: 'A recipe for sourdough' });
    expect(res.json()).toMatchObject({
      provider: 'google',
      model: 'gemini-2.0-flash',
      result: { tags: ['stand-in', 'gemini'] },
    });
    expect(gemini.requests[0].path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(gemini.requests[0].headers['x-goog-api-key']).toBe(gemini.apiKey);
  });

  it('applies a change to the very next request, with no restart', async () => {
    const ask = () => askAi(t, user.headers, 'auto-tagging', { query: 'Kubernetes at small scale' });
    expect((await ask()).json().provider).toBe('openai');
    await configureTask(t, admin, 'auto-tagging', 'anthropic', 'claude-3-5-haiku');
    expect((await ask()).json()).toMatchObject({ provider: 'anthropic', model: 'claude-3-5-haiku' });
    await configureTask(t, admin, 'auto-tagging', 'google', 'gemini-1.5-pro');
    expect((await ask()).json()).toMatchObject({ provider: 'google', model: 'gemini-1.5-pro' });
    await t.app.inject({ method: 'POST', url: '/api/admin/ai-config/reset', headers: admin.headers });
    expect((await ask()).json()).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
    expect([openai, anthropic, gemini].map((f) => f.requests.length)).toEqual([2, 1, 1]);
  });

  it('applies a change made through one process to the next request on another', async () => {
    // A second app on the same database stands for a second API process.
    const other = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    await other.ready();
    try {
      const ask = () =>
        other.inject({
          method: 'POST',
          url: '/api/ext/ai/auto-tagging',
          headers: user.headers,
          payload: { query: 'Kubernetes at small scale' },
        });
      expect((await ask()).json().provider).toBe('openai');
      await configureTask(t, admin, 'auto-tagging', 'anthropic', 'claude-sonnet-4');
      expect((await ask()).json()).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-4' });
    } finally {
      await other.close();
    }
  });

  it('treats a stored setting that names no real provider or model as the default, never a 500', async () => {
    for (const [provider, model] of [
      ['constructor', null],
      ['__proto__', 'gpt-4o'],
      ['google', 'gpt-4o'],
    ] as const) {
      await t.db.update(aiConfigs).set({ provider, model }).where(eq(aiConfigs.taskType, 'auto-tagging'));
      const res = await askAi(t, user.headers, 'auto-tagging', { query: 'Legacy settings' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(
        provider === 'google'
          ? { provider: 'google', model: 'gemini-2.0-flash' }
          : { provider: 'openai', model: 'gpt-4o-mini' },
      );
    }
  });

  it("prices a model that has no model_prices row at the catalogue's list price, never as free", async () => {
    await t.db
      .delete(modelPrices)
      .where(and(eq(modelPrices.provider, 'google'), eq(modelPrices.model, 'gemini-1.5-pro')));
    await configureTask(t, admin, 'auto-tagging', 'google', 'gemini-1.5-pro');
    gemini.queue(answer('{"tags": ["bread"]}', 1000, 100));
    const res = await askAi(t, user.headers, 'auto-tagging', { query: 'A recipe for sourdough' });
    expect(res.json().cost).toBe((1000 * 1.25 + 100 * 5) / 1_000_000);
  });
});

describe('search, recommendations and analytics', () => {
  let reader: Awaited<ReturnType<typeof aiUser>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    reader = await aiUser(t);
    // Newest first in the prompt: rust is [1], pasta [2], climbing [3].
    ids.climbing = await savedPost(t, reader.id, {
      text: 'Bouldering technique for beginners',
      tags: ['climbing'],
      ageMinutes: 30,
    });
    ids.pasta = await savedPost(t, reader.id, {
      text: 'Fresh pasta without a machine',
      category: 'food',
      ageMinutes: 20,
    });
    ids.rust = await savedPost(t, reader.id, {
      text: 'Rust ownership explained',
      tags: ['rust', 'programming'],
      ageMinutes: 10,
    });
  });

  it('search sends the query and the recent posts, and answers the matching post ids, best first', async () => {
    openai.queue({ kind: 'answer', text: 'Here you go: {"matches": [3, "2", 99, 3]}' });
    const res = await askAi(t, reader.headers, 'search', { query: 'outdoor hobbies and cooking' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ postIds: [ids.climbing, ids.pasta] });
    const prompt = JSON.stringify(openai.requests[0].body.messages);
    expect(prompt).toContain('outdoor hobbies and cooking');
    expect(prompt).toContain('[1] (x');
    expect(prompt).toContain('Rust ownership explained');
    expect(prompt).toContain('tags: rust, programming');
  });

  it('recommendations related to a post leave that post out and carry reasons', async () => {
    openai.queue(
      answer('{"recommendations": [{"post": 2, "reason": "Also  hands-on"}, {"post": 1}, {"post": 7}]}'),
    );
    const res = await askAi(t, reader.headers, 'recommendations', { postId: ids.rust });
    expect(res.statusCode).toBe(200);
    // Without the post being read, pasta is [1] and climbing [2].
    expect(res.json().result).toEqual({
      recommendations: [
        { postId: ids.climbing, reason: 'Also hands-on' },
        { postId: ids.pasta, reason: '' },
      ],
    });
    expect(JSON.stringify(openai.requests[0].body.messages)).toContain('[reading]');
  });

  it('analytics sends counts by platform, category and tag, and answers a summary and topics', async () => {
    gemini.queue(
      answer('{"summary": "You save hobby and coding posts.", "topics": ["Coding", "coding", "Food"]}'),
    );
    await configureTask(t, admin, 'analytics', 'google');
    const res = await askAi(t, reader.headers, 'analytics', { query: 'What do I save most?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'google',
      result: { summary: 'You save hobby and coding posts.', topics: ['coding', 'food'] },
    });
    const prompt = JSON.stringify(gemini.requests[0].body);
    expect(prompt).toContain('Saved posts: 3');
    expect(prompt).toContain('By platform: x 3');
    expect(prompt).toContain('food 1');
    expect(prompt).toContain('What do I save most?');
  });

  it('search, recommendations and analytics with no saved posts are a 400 that asks no provider', async () => {
    const empty = await aiUser(t);
    await expectEachRefused(t, empty.headers, 400, /no saved posts/);
    expect(openai.requests).toHaveLength(0);
    expect(await usageRows(t, empty.id)).toHaveLength(0);
  });
});
