import { describe, expect, it } from 'vitest';

import { askAi, configureTask, postRow, savedPost, usageRows, sharedAiApp } from './aiHarness';
import { startFakeAnthropic } from '../fixtures/fakeAnthropic';

// Only Anthropic has a key: OpenAI, the fallback, is not configured.
const { t, admin, user, stands } = sharedAiApp(
  { anthropic: () => startFakeAnthropic({ kind: 'answer', text: '{"category": "science"}' }) },
  { prices: false },
);
const { anthropic } = stands;

describe('without an OpenAI key', () => {
  it('answers 502 {message} for a task left on OpenAI, saving and metering nothing', async () => {
    const postId = await savedPost(t, user.id);
    const res = await askAi(t, user.headers, 'categorization', { postId });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'The AI service is unavailable right now. Please try again in a moment.',
    });
    expect((await postRow(t, postId)).category).toBeNull();
    expect(await usageRows(t, user.id)).toHaveLength(0);
  });

  it('serves a task set to Anthropic, and answers 502 when Anthropic fails (no fallback left)', async () => {
    await configureTask(t, admin, 'categorization', 'anthropic', 'claude-3-5-haiku');
    const postId = await savedPost(t, user.id);
    const ok = await askAi(t, user.headers, 'categorization', { postId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      provider: 'anthropic',
      model: 'claude-3-5-haiku',
      result: { category: 'science' },
      usage: { inputTokens: 200, outputTokens: 40, totalTokens: 240 },
      // No model_prices rows here: the catalogue's list price ($0.80 / $4 per million).
      cost: (200 * 0.8 + 40 * 4) / 1_000_000,
    });
    expect(await usageRows(t, user.id)).toHaveLength(1);

    anthropic.queue({ kind: 'status', status: 529 });
    const failed = await askAi(t, user.headers, 'categorization', { postId });
    expect(failed.statusCode).toBe(502);
    expect(await usageRows(t, user.id)).toHaveLength(1);
  });

  it('is what the console shows: only Anthropic configured', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ai-config/providers',
      headers: admin.headers,
    });
    const providers = res.json().providers as Record<string, { configured: boolean }>;
    expect(Object.fromEntries(Object.entries(providers).map(([id, p]) => [id, p.configured]))).toEqual({
      openai: false,
      anthropic: true,
      google: false,
    });
  });
});
