import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiUser } from './fixtures';
import { askAi, configureTask, postRow, savedPost, sharedAiApp, usageRows } from './aiHarness';
import { answer } from '../fixtures/fakeAiServer';
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';
import { startFakeAnthropic } from '../fixtures/fakeAnthropic';
import { users } from '../../src-server/db/schema';

// Every completion the provider bills is metered, served or not. The OpenAI stand-in counts 120 input and 30
// output tokens per call unless told otherwise; a low token threshold lets the abuse check see a few calls.
const { t, admin, stands } = sharedAiApp(
  { openai: () => startFakeOpenAi(), anthropic: () => startFakeAnthropic() },
  { env: { ABUSE_TOKENS_30D: '800' } },
);
const { openai, anthropic } = stands;
beforeEach(async () => {
  await t.app.inject({ method: 'POST', url: '/api/admin/ai-config/reset', headers: admin.headers });
});

const AI_UNAVAILABLE = 'The AI service is unavailable right now. Please try again in a moment.';
/** gpt-4o-mini at the demo prices ($0.15 and $0.60 per million tokens), to the micro-dollar. */
const miniCost = (input: number, output: number) => Math.round(input * 0.15 + output * 0.6) / 1_000_000;

const emailOf = async (id: string) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
/** The user's 30-day tokens as the console's users list shows them. */
async function tokens30d(email: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/users?search=${encodeURIComponent(email)}`,
    headers: admin.headers,
  });
  return res.json().users[0].tokens30d;
}

describe('an answer no task accepts', () => {
  it('is metered for each billed call, the fallback included: 3 requests, 3 × 502, 6 rows the console and the abuse check see', async () => {
    const free = await aiUser(t, { plan: 'free' });
    const email = await emailOf(free.id);
    const postId = await savedPost(t, free.id);
    const before = await tokens30d(email);
    expect(before).toBe(0);
    openai.setFallback(answer('{"nope":1}'));

    for (let i = 0; i < 3; i += 1) {
      const res = await askAi(t, free.headers, 'categorization', { postId });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: AI_UNAVAILABLE });
    }

    expect(openai.requests).toHaveLength(6);
    expect((await postRow(t, postId)).category).toBeNull();
    const rows = await usageRows(t, free.id);
    expect(rows).toHaveLength(6);
    for (const row of rows)
      expect(row).toMatchObject({
        taskType: 'categorization',
        provider: 'openai',
        model: 'gpt-4o-mini',
        inputTokens: 120,
        outputTokens: 30,
        totalTokens: 150,
        cost: miniCost(120, 30),
      });
    // 6 × 150 = 900 tokens, $0.000216.
    expect(await tokens30d(email)).toBe(before + 900);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${free.id}/abuse-history`,
      headers: admin.headers,
    });
    expect(history.json().history.currentViolations).toEqual([
      'Tokens: 900 tokens in 30 days (threshold 800)',
    ]);
  });

  it('from the chosen model is metered on that model, then the fallback that serves on its own', async () => {
    await configureTask(t, admin, 'categorization', 'anthropic', 'claude-3-5-haiku');
    const user = await aiUser(t);
    const postId = await savedPost(t, user.id);
    anthropic.queue(answer('{"nope":1}', 200, 40));
    openai.queue(answer('{"category": "science"}', 111, 22));

    const res = await askAi(t, user.headers, 'categorization', { postId });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      result: { category: 'science' },
      usage: { inputTokens: 111, outputTokens: 22, totalTokens: 133 },
      cost: miniCost(111, 22),
    });
    expect((await postRow(t, postId)).category).toBe('science');
    // One row per billed call, in the order they were made: the served one is metered once.
    expect(await usageRows(t, user.id)).toMatchObject([
      {
        provider: 'anthropic',
        model: 'claude-3-5-haiku',
        inputTokens: 200,
        outputTokens: 40,
        totalTokens: 240,
        cost: (200 * 0.8 + 40 * 4) / 1_000_000,
      },
      { provider: 'openai', model: 'gpt-4o-mini', inputTokens: 111, outputTokens: 22, totalTokens: 133 },
    ]);
  });

  it('that is not JSON at all is still billed, so still metered', async () => {
    const user = await aiUser(t);
    openai.queue(
      answer('I am sorry, I cannot help with that.', 50, 12),
      answer('{"category": "news"}', 60, 5),
    );

    const res = await askAi(t, user.headers, 'categorization', { query: 'Election results tonight' });

    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ category: 'news' });
    expect((await usageRows(t, user.id)).map((r) => r.totalTokens)).toEqual([62, 65]);
  });
});

describe('calls the provider does not bill', () => {
  it('(an error status, a cut-off body) are not metered: there are no token counts to meter', async () => {
    const user = await aiUser(t);
    openai.queue({ kind: 'status', status: 500 }, { kind: 'malformed' });
    const res = await askAi(t, user.headers, 'categorization', { query: 'Anything' });
    expect(res.statusCode).toBe(502);
    expect(openai.requests).toHaveLength(2);
    expect(await usageRows(t, user.id)).toHaveLength(0);
  });
});
