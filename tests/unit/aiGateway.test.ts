import { describe, expect, it } from 'vitest';
import { AI_UNAVAILABLE, createAiGateway } from '../../src-server/ai/gateway';
import { ProviderFailure, providerFailure, type AiProvider } from '../../src-server/ai/providers/provider';
import { costOf } from '../../src-server/ai/pricing';
import { promptFor } from '../../src-server/ai/prompts';
import { requestProblem, type SamplePost } from '../../src-server/ai/taskInput';
import { configuredProviders } from '../../src-server/ai/providers/aiProviders';
import { HttpError } from '../../src-server/errors';

const usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };
const prompt = { system: 's', user: 'u', maxOutputTokens: 10 };
const answering = (text: string, calls: string[] = []): AiProvider => ({
  async complete(req) {
    calls.push(req.model);
    return { text, usage };
  },
});
const failing = (err: unknown, calls: string[] = []): AiProvider => ({
  async complete(req) {
    calls.push(req.model);
    throw err;
  },
});
const hanging: AiProvider = { complete: () => new Promise(() => undefined) };
const quietLog = () => {
  const lines: object[] = [];
  return { lines, warn: (details: object) => void lines.push(details) };
};

describe('the gateway', () => {
  it('serves from the chosen provider and model', async () => {
    const calls: string[] = [];
    const gw = createAiGateway({ google: answering('ok', calls) }, { timeoutMs: 100, log: quietLog() });
    const served = await gw.complete({ provider: 'google', model: 'gemini-1.5-pro' }, prompt, (t) =>
      t.toUpperCase(),
    );
    expect(served).toEqual({ provider: 'google', model: 'gemini-1.5-pro', value: 'OK', usage });
    expect(calls).toEqual(['gemini-1.5-pro']);
  });

  it.each([
    ['not configured', undefined],
    ['failing', failing(Object.assign(new Error('500 {"secret": "body"}'), { status: 500 }))],
    ['hanging past the deadline', hanging],
    ['answering something unusable', answering('nope')],
  ])("falls back once to openai's default model when the chosen provider is %s", async (_, anthropic) => {
    const calls: string[] = [];
    const log = quietLog();
    const gw = createAiGateway(
      { openai: answering('{"fine": true}', calls), ...(anthropic ? { anthropic } : {}) },
      { timeoutMs: 50, log },
    );
    const served = await gw.complete({ provider: 'anthropic', model: 'claude-sonnet-4' }, prompt, (t) => {
      if (!t.startsWith('{')) throw new Error('unusable');
      return JSON.parse(t);
    });
    expect(served).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', value: { fine: true } });
    expect(calls).toEqual(['gpt-4o-mini']);
    expect(log.lines).toHaveLength(1);
    expect(JSON.stringify(log.lines)).not.toContain('secret');
  });

  it('answers 502 when openai fails too, or has no key', async () => {
    const gw = createAiGateway({ anthropic: failing(new Error('x')) }, { timeoutMs: 50, log: quietLog() });
    const err = await gw
      .complete({ provider: 'anthropic', model: 'claude-sonnet-4' }, prompt, (t) => t)
      .catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 502, message: AI_UNAVAILABLE });
  });

  it('ends a hanging call at the deadline', async () => {
    const gw = createAiGateway({ openai: hanging }, { timeoutMs: 30, log: quietLog() });
    const started = Date.now();
    await expect(gw.complete({ provider: 'openai', model: 'gpt-4o' }, prompt, (t) => t)).rejects.toThrow(
      AI_UNAVAILABLE,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('providerFailure', () => {
  const live = new AbortController().signal;
  it.each([
    [{ status: 429 }, 'rate limited'],
    [{ status: 500 }, 'server error'],
    [{ status: 529 }, 'server error'],
    [{ status: 401 }, 'rejected'],
    [{ name: 'APIConnectionTimeoutError' }, 'timeout'],
    [{ name: 'APIConnectionError' }, 'unreachable'],
    [new SyntaxError('Unexpected end of JSON input'), 'bad response'],
  ])('classifies %j as %s', (err, reason) => {
    expect(providerFailure(err, live).reason).toBe(reason);
  });
  it('calls anything after the deadline a timeout', () => {
    const c = new AbortController();
    c.abort();
    expect(providerFailure(new Error('aborted'), c.signal)).toEqual(new ProviderFailure('timeout'));
  });
});

describe('costOf', () => {
  it('prices input and output tokens per million, to the micro-dollar', () => {
    expect(
      costOf({ inputPerMTok: 0.15, outputPerMTok: 0.6 }, { inputTokens: 1_000_000, outputTokens: 500_000 }),
    ).toBe(0.45);
    expect(costOf({ inputPerMTok: 2.5, outputPerMTok: 10 }, { inputTokens: 123, outputTokens: 45 })).toBe(
      0.000758,
    );
    expect(costOf({ inputPerMTok: 0, outputPerMTok: 0 }, { inputTokens: 5, outputTokens: 5 })).toBe(0);
  });
});

describe('prompts', () => {
  const post = (ref: number, text: string): SamplePost => ({
    ref,
    id: `id-${ref}`,
    platform: 'reddit',
    author: 'someone',
    text,
    tags: ['t'],
    category: null,
    savedAt: new Date('2026-03-01T00:00:00Z'),
  });
  it('ask every task for JSON in the shape its parser reads', () => {
    expect(promptFor({ task: 'auto-tagging', text: 'x' }).system).toContain('{"tags": [');
    expect(promptFor({ task: 'categorization', text: 'x' }).system).toContain('{"category": "..."}');
    expect(promptFor({ task: 'search', query: 'q', posts: [] }).system).toContain('{"matches": [');
    expect(promptFor({ task: 'recommendations', posts: [] }).system).toContain('{"recommendations": [');
    const stats = { totalPosts: 0, byPlatform: [], byCategory: [], topTags: [] };
    expect(promptFor({ task: 'analytics', stats, posts: [] }).system).toContain(
      '{"summary": "...", "topics"',
    );
  });
  it('bound what they send: long post texts are clipped', () => {
    const tagging = promptFor({ task: 'auto-tagging', text: 'w'.repeat(10_000) });
    expect(tagging.user.length).toBeLessThan(4200);
    const search = promptFor({
      task: 'search',
      query: 'q',
      posts: [post(1, 'p'.repeat(5000)), post(2, 'short')],
    });
    expect(search.user).toContain('[2] (reddit, by someone, 2026-03-01; tags: t) short');
    expect(search.user.length).toBeLessThan(800);
  });
});

describe('requestProblem', () => {
  it.each([
    ['auto-tagging', {}, /needs a postId or a query/],
    ['categorization', { postId: 'p', query: 'q' }, /not both/],
    ['search', { postId: 'p', query: 'q' }, /not a postId/],
    ['search', {}, /needs a query/],
    ['analytics', { postId: 'p' }, /not a postId/],
  ] as const)('%s with %j', (task, body, message) => {
    expect(requestProblem(task, body)).toMatch(message);
  });
  it.each([
    ['auto-tagging', { postId: 'p' }],
    ['categorization', { query: 'q' }],
    ['search', { query: 'q' }],
    ['recommendations', {}],
    ['recommendations', { postId: 'p', query: 'q' }],
    ['analytics', {}],
  ] as const)('%s with %j is fine', (task, body) => {
    expect(requestProblem(task, body)).toBeNull();
  });
});

describe('configuredProviders', () => {
  it('is true for each provider with a key', () => {
    expect(configuredProviders({ OPENAI_API_KEY: 'k', AI_TIMEOUT_MS: 1 } as never)).toEqual({
      openai: true,
      anthropic: false,
      google: false,
    });
  });
});
