import { describe, expect, it } from 'vitest';
import { bearer } from './harness';
import { userWith } from './fixtures';
import { sharedAiApp, usageRows } from './aiHarness';
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';
import { createSession } from '../../src-server/auth/sessions';
import { ManualClock } from '../../src-server/clock';

// Limits on /api/ext/ai: 30 requests a minute per account, 120 a minute per address, and a daily token budget per
// plan (250,000 tokens Free, 750,000 Pro by default), checked before any provider is asked. See docs/product.md.

// Two hours before midnight UTC, so the budget's reset can be seen.
const { t, stands } = sharedAiApp(
  {
    openai: () => startFakeOpenAi({ kind: 'answer', text: '{"category": "technology", "tags": ["tools"]}' }),
  },
  // The real limits, not the harness's raised ones.
  { env: { RATE_LIMIT_SCALE: '1' }, extra: { clock: new ManualClock(new Date('2026-06-15T22:00:00Z')) } },
);
const { openai } = stands;

let accounts = 0;
/** A signed-in account of the plan, with `tokensToday` already used today (UTC). */
async function account(plan: 'free' | 'premium', tokensToday = 0) {
  accounts += 1;
  const id = await userWith(t, {
    email: `ai-limits-${accounts}@example.com`,
    plan,
    usage: tokensToday ? [{ tokens: tokensToday, cost: 0, daysAgo: 0 }] : [],
  });
  const token = await createSession(t.app.ctx, id, 30);
  return { id, headers: bearer(token) };
}

/** One AI request from the account at the address. */
const ask = (
  who: { headers: Record<string, string> },
  ip: string,
  task = 'categorization',
  body: Record<string, unknown> = { query: 'A long post about developer tools. '.repeat(57).slice(0, 2000) },
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ext/ai/${task}`,
    headers: who.headers,
    payload: body,
    remoteAddress: ip,
  });

const TOO_MANY = /^Too many AI requests\. Please try again in (\d+ seconds?|1 minute)\.$/;

describe('request limits', () => {
  it('serves 30 of 40 parallel 2,000-character requests from one free account, refuses the rest with 429, and asks the provider only for those served', async () => {
    const free = await account('free');
    const answers = await Promise.all(Array.from({ length: 40 }, () => ask(free, '198.51.100.1')));
    const served = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(served).toHaveLength(30);
    expect(refused).toHaveLength(10);
    for (const res of refused) {
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toMatch(TOO_MANY);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    expect(openai.requests).toHaveLength(30);
    expect(await usageRows(t, free.id)).toHaveLength(30);

    // The limit is the account's, whichever address it asks from; another account is not held back by it.
    expect((await ask(free, '198.51.100.2')).statusCode).toBe(429);
    const other = await account('free');
    expect((await ask(other, '198.51.100.2')).statusCode).toBe(200);

    // A minute later the account is served again.
    t.clock.advance(60_000);
    expect((await ask(free, '198.51.100.1')).statusCode).toBe(200);
  });

  it('refuses the 121st request within a minute from one address, whichever account sends it', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 4; i++) {
      const someone = await account('free');
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => ask(someone, ip, 'categorization', { query: 'hi' })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    }
    openai.reset();
    const fifth = await account('free');
    const refused = await ask(fifth, ip, 'categorization', { query: 'hi' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(openai.requests).toHaveLength(0);
    // The same account from another address is served.
    expect((await ask(fifth, '203.0.113.8', 'categorization', { query: 'hi' })).statusCode).toBe(200);
  });
});

describe('the daily token budget', () => {
  it("refuses a free account at its day's 250,000 tokens with 429 naming the budget, asks no provider, and serves it again the next UTC day", async () => {
    const free = await account('free', 250_000 - 1);
    // Just under the budget: served (and now over it).
    expect((await ask(free, '192.0.2.10')).statusCode).toBe(200);
    openai.reset();
    const refused = await ask(free, '192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message:
        "You have used today's AI budget of 250,000 tokens on the Free plan. It resets at midnight UTC.",
    });
    const midnight = Date.parse('2026-06-16T00:00:00Z');
    expect(Number(refused.headers['retry-after'])).toBe(
      Math.ceil((midnight - t.clock.now().getTime()) / 1000),
    );
    expect(openai.requests).toHaveLength(0);
    expect(await usageRows(t, free.id)).toHaveLength(2);

    t.clock.set(new Date(midnight + 1000));
    const nextDay = await ask(free, '192.0.2.10');
    expect(nextDay.statusCode).toBe(200);
    expect(openai.requests).toHaveLength(1);
  });

  it("holds a Pro account to 750,000 tokens a day for every task, and counts only today's", async () => {
    const spent = await account('premium', 750_000);
    openai.reset();
    for (const [task, body] of [
      ['auto-tagging', { query: 'A post about tools' }],
      ['categorization', { query: 'A post about tools' }],
      ['search', { query: 'tools' }],
    ] as const) {
      const res = await ask(spent, '192.0.2.20', task, body);
      expect(res.statusCode, task).toBe(429);
      expect(res.json().message).toBe(
        "You have used today's AI budget of 750,000 tokens on the Pro plan. It resets at midnight UTC.",
      );
    }
    expect(openai.requests).toHaveLength(0);

    // Yesterday's use does not count against today.
    const yesterday = await userWith(t, {
      email: 'ai-limits-yesterday@example.com',
      plan: 'premium',
      usage: [{ tokens: 750_000, cost: 0, daysAgo: 1 }],
    });
    const headers = bearer(await createSession(t.app.ctx, yesterday, 30));
    expect(
      (await ask({ headers }, '192.0.2.21', 'auto-tagging', { query: 'A post about tools' })).statusCode,
    ).toBe(200);
  });
});
