import { beforeAll, describe, expect, it } from 'vitest';

import { askAi, configureTask, logSink, postRow, savedPost, usageRows, sharedAiApp } from './aiHarness';
import { SECRET_IN_ERROR_BODY, type Behaviour } from '../fixtures/fakeAiServer';
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';
import { startFakeAnthropic } from '../fixtures/fakeAnthropic';
import { startFakeGemini } from '../fixtures/fakeGemini';

// All three providers have keys; the stand-ins fail on cue. A short deadline keeps the timeout cases quick.
const TIMEOUT_MS = 1000;
const log = logSink();
const { t, admin, user, stands } = sharedAiApp(
  {
    openai: () =>
      startFakeOpenAi({
        kind: 'answer',
        text: '{"tags": ["from-openai"]}',
        inputTokens: 111,
        outputTokens: 22,
      }),
    anthropic: () => startFakeAnthropic(),
    gemini: () => startFakeGemini(),
  },
  {
    env: { AI_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: 'info' },
    extra: { logger: true, logStream: log.stream },
  },
);
const { openai, anthropic, gemini } = stands;

const stand = (provider: string) => ({ openai, anthropic, google: gemini })[provider]!;
// Whether the provider billed the failed call: only a whole answer carries token counts to meter.
const FAILURES: [string, Behaviour, boolean][] = [
  ['a 500', { kind: 'status', status: 500 }, false],
  ['a 503', { kind: 'status', status: 503 }, false],
  ['a 429', { kind: 'status', status: 429 }, false],
  ['a timeout', { kind: 'hang' }, false],
  ['malformed JSON', { kind: 'malformed' }, false],
  ['an answer that is not JSON', { kind: 'answer', text: 'I am sorry, I cannot help with that.' }, true],
];
/** The stand-ins' usual token counts, metered for a billed answer that was not served. */
const USUAL_TOKENS: Record<string, number> = { anthropic: 240, google: 110, openai: 150 };

describe('fallback to OpenAI', () => {
  describe.each([
    ['anthropic', 'claude-3-5-haiku'],
    ['google', 'gemini-2.0-flash'],
  ])('when %s (%s) is chosen', (provider, model) => {
    beforeAll(() => configureTask(t, admin, 'auto-tagging', provider, model));

    it.each(FAILURES)(
      'and answers %s, OpenAI serves once, saves and meters its own tokens',
      async (_, failure, billed) => {
        stand(provider).queue(failure);
        const postId = await savedPost(t, user.id);
        const before = (await usageRows(t, user.id)).length;
        const started = Date.now();

        const res = await askAi(t, user.headers, 'auto-tagging', { postId });

        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          provider: 'openai',
          model: 'gpt-4o-mini',
          result: { tags: ['from-openai'] },
          usage: { inputTokens: 111, outputTokens: 22, totalTokens: 133 },
        });
        // One call each: the SDKs do not retry on their own, so the fallback comes within one deadline.
        expect(stand(provider).requests).toHaveLength(1);
        expect(openai.requests).toHaveLength(1);
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
        expect((await postRow(t, postId)).tags).toEqual(['from-openai']);
        // A billed failure is metered first, on its own model; the served answer once, on OpenAI's.
        const rows = (await usageRows(t, user.id)).slice(before);
        expect(rows.map((r) => [r.provider, r.model, r.totalTokens])).toEqual([
          ...(billed ? [[provider, model, USUAL_TOKENS[provider]]] : []),
          ['openai', 'gpt-4o-mini', 133],
        ]);
      },
    );
  });

  it("retries a failing OpenAI model once on OpenAI's default model", async () => {
    await configureTask(t, admin, 'auto-tagging', 'openai', 'gpt-4o');
    openai.queue({ kind: 'status', status: 500 });
    const res = await askAi(t, user.headers, 'auto-tagging', { query: 'Some text' });
    expect(res.json()).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(openai.requests.map((r) => r.body.model)).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });
});

describe('when OpenAI fails too', () => {
  beforeAll(() => configureTask(t, admin, 'auto-tagging', 'anthropic', 'claude-sonnet-4'));

  it.each(FAILURES)(
    '(%s) the answer is a 502 {message}, nothing is saved, and only a billed answer is metered',
    async (_, failure, billed) => {
      anthropic.queue({ kind: 'status', status: 500 });
      openai.queue(failure);
      const postId = await savedPost(t, user.id, { tags: ['before'] });
      const before = (await usageRows(t, user.id)).length;

      const res = await askAi(t, user.headers, 'auto-tagging', { postId });

      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        message: 'The AI service is unavailable right now. Please try again in a moment.',
      });
      expect((await postRow(t, postId)).tags).toEqual(['before']);
      expect(
        (await usageRows(t, user.id)).slice(before).map((r) => [r.provider, r.model, r.totalTokens]),
      ).toEqual(billed ? [['openai', 'gpt-4o-mini', USUAL_TOKENS.openai]] : []);
      expect([anthropic.requests.length, openai.requests.length]).toEqual([1, 1]);
    },
  );

  it('gives up within two deadlines when both time out', async () => {
    anthropic.queue({ kind: 'hang' });
    openai.queue({ kind: 'hang' });
    const started = Date.now();
    const res = await askAi(t, user.headers, 'auto-tagging', { query: 'Some text' });
    expect(res.statusCode).toBe(502);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(2 * TIMEOUT_MS + 1500);
  });

  it('keeps keys and provider error bodies out of answers and logs, and logs which provider failed and why', async () => {
    anthropic.queue({ kind: 'status', status: 500 });
    openai.queue({ kind: 'status', status: 429 });
    const res = await askAi(t, user.headers, 'auto-tagging', { query: 'Some text' });
    expect(res.statusCode).toBe(502);
    const text = log.lines.join('');
    for (const secret of [SECRET_IN_ERROR_BODY, openai.apiKey, anthropic.apiKey, gemini.apiKey]) {
      expect(res.body).not.toContain(secret);
      expect(text).not.toContain(secret);
    }
    const failures = log.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'AI provider call failed');
    expect(failures.slice(-2)).toMatchObject([
      { provider: 'anthropic', model: 'claude-sonnet-4', reason: 'server error', status: 500 },
      { provider: 'openai', model: 'gpt-4o-mini', reason: 'rate limited', status: 429 },
    ]);
  });
});
