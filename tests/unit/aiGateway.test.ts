import { describe, expect, it, vi } from 'vitest';
import { AI_UNAVAILABLE, createAiGateway, type Billed } from '../../src-server/ai/gateway';
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
/** A meter that writes down what it is given; for tests where nothing should be billed unserved. */
const meterInto = (metered: Billed[] = [], events: string[] = []) =>
  Object.assign(
    async (billed: Billed) => {
      events.push(`meter ${billed.model}`);
      metered.push(billed);
    },
    { metered },
  );
const unusedMeter = meterInto();

describe('the gateway', () => {
  it('serves from the chosen provider and model', async () => {
    const calls: string[] = [];
    const gw = createAiGateway({ google: answering('ok', calls) }, { timeoutMs: 100, log: quietLog() });
    const meter = meterInto();
    const served = await gw.complete(
      { provider: 'google', model: 'gemini-1.5-pro' },
      prompt,
      (t) => t.toUpperCase(),
      meter,
    );
    expect(served).toEqual({ provider: 'google', model: 'gemini-1.5-pro', value: 'OK', usage });
    expect(calls).toEqual(['gemini-1.5-pro']);
    // The served completion comes back for the caller to meter with its labels: not metered twice.
    expect(meter.metered).toEqual([]);
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
    const served = await gw.complete(
      { provider: 'anthropic', model: 'claude-sonnet-4' },
      prompt,
      (t) => {
        if (!t.startsWith('{')) throw new Error('unusable');
        return JSON.parse(t);
      },
      meterInto(),
    );
    expect(served).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', value: { fine: true } });
    expect(calls).toEqual(['gpt-4o-mini']);
    expect(log.lines).toHaveLength(1);
    expect(JSON.stringify(log.lines)).not.toContain('secret');
  });

  it('answers 502 when openai fails too, or has no key', async () => {
    const gw = createAiGateway({ anthropic: failing(new Error('x')) }, { timeoutMs: 50, log: quietLog() });
    const err = await gw
      .complete({ provider: 'anthropic', model: 'claude-sonnet-4' }, prompt, (t) => t, unusedMeter)
      .catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 502, message: AI_UNAVAILABLE });
  });

  it('ends a hanging call at the deadline', async () => {
    const gw = createAiGateway({ openai: hanging }, { timeoutMs: 30, log: quietLog() });
    const started = Date.now();
    await expect(
      gw.complete({ provider: 'openai', model: 'gpt-4o' }, prompt, (t) => t, unusedMeter),
    ).rejects.toThrow(AI_UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(unusedMeter.metered).toEqual([]);
  });
});

describe('the gateway meters every billed completion it does not serve', () => {
  const unusable = (t: string) => {
    if (t === 'nope') throw new Error('unusable');
    return t;
  };
  const answeringLogged = (text: string, usage: Billed['usage'], events: string[]): AiProvider => ({
    async complete(req) {
      events.push(`call ${req.model}`);
      return { text, usage };
    },
  });

  it('an unusable answer is metered on its own model before the fallback is asked', async () => {
    const events: string[] = [];
    const meter = meterInto([], events);
    const mine = { inputTokens: 7, outputTokens: 3, totalTokens: 10 };
    const gw = createAiGateway(
      {
        anthropic: answeringLogged('nope', mine, events),
        openai: answeringLogged('fine', usage, events),
      },
      { timeoutMs: 50, log: quietLog() },
    );
    const served = await gw.complete(
      { provider: 'anthropic', model: 'claude-sonnet-4' },
      prompt,
      unusable,
      meter,
    );
    expect(served).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', value: 'fine', usage });
    expect(events).toEqual(['call claude-sonnet-4', 'meter claude-sonnet-4', 'call gpt-4o-mini']);
    expect(meter.metered).toEqual([{ provider: 'anthropic', model: 'claude-sonnet-4', usage: mine }]);
  });

  it('both unusable: both metered, then the 502', async () => {
    const events: string[] = [];
    const meter = meterInto([], events);
    const gw = createAiGateway(
      { openai: answeringLogged('nope', usage, events) },
      { timeoutMs: 50, log: quietLog() },
    );
    await expect(
      gw.complete({ provider: 'openai', model: 'gpt-4o' }, prompt, unusable, meter),
    ).rejects.toThrow(AI_UNAVAILABLE);
    expect(events).toEqual(['call gpt-4o', 'meter gpt-4o', 'call gpt-4o-mini', 'meter gpt-4o-mini']);
  });

  it('an answer that arrives after the deadline is metered when it arrives', async () => {
    const late = { inputTokens: 40, outputTokens: 9, totalTokens: 49 };
    // The call ignores the abort, as one whose answer was already read when the deadline passed does.
    const slow: AiProvider = {
      complete: () => new Promise((resolve) => setTimeout(() => resolve({ text: 'ok', usage: late }), 60)),
    };
    const meter = meterInto();
    const gw = createAiGateway({ openai: slow }, { timeoutMs: 20, log: quietLog() });
    await expect(
      gw.complete({ provider: 'openai', model: 'gpt-4o' }, prompt, (t) => t, meter),
    ).rejects.toThrow(AI_UNAVAILABLE);
    await vi.waitFor(() => expect(meter.metered).toHaveLength(2), { timeout: 1000 });
    expect(meter.metered).toEqual([
      { provider: 'openai', model: 'gpt-4o', usage: late },
      { provider: 'openai', model: 'gpt-4o-mini', usage: late },
    ]);
  });

  it('a call cut off at the deadline, or refused, has no usage and meters nothing', async () => {
    const meter = meterInto();
    const gw = createAiGateway(
      { anthropic: hanging, openai: failing(Object.assign(new Error('x'), { status: 500 })) },
      { timeoutMs: 20, log: quietLog() },
    );
    await expect(
      gw.complete({ provider: 'anthropic', model: 'claude-sonnet-4' }, prompt, (t) => t, meter),
    ).rejects.toThrow(AI_UNAVAILABLE);
    expect(meter.metered).toEqual([]);
  });

  it('a meter that cannot write ends the request: no fallback is asked, to bill a call it cannot meter', async () => {
    const calls: string[] = [];
    const gw = createAiGateway(
      { anthropic: answering('nope', calls), openai: answering('fine', calls) },
      { timeoutMs: 50, log: quietLog() },
    );
    const broken = async () => {
      throw new Error('database unavailable');
    };
    await expect(
      gw.complete({ provider: 'anthropic', model: 'claude-sonnet-4' }, prompt, unusable, broken),
    ).rejects.toThrow('database unavailable');
    expect(calls).toEqual(['claude-sonnet-4']);
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
  it('name the author with their handle, and give a link its title', () => {
    const categorize = promptFor({
      task: 'categorization',
      text: 'A year of at-least-once delivery.',
      platform: 'web',
      author: 'Grace Hopper',
      authorHandle: '@grace',
      title: 'Why we rewrote our job queue',
    });
    expect(categorize.user).toContain(
      'Platform: web\nAuthor: Grace Hopper (@grace)\nTitle: Why we rewrote our job queue\nPost:\nA year',
    );
    expect(categorize.system).toContain(
      '(X, LinkedIn, Reddit, Instagram, Pinterest) and links from other websites',
    );
    const link = {
      ...post(3, 'A year of at-least-once delivery.'),
      platform: 'web',
      title: 'Queues',
      tags: [],
    };
    expect(promptFor({ task: 'search', query: 'q', posts: [link] }).user).toContain(
      '[3] (web, by someone, 2026-03-01) Queues: A year of at-least-once delivery.',
    );
    expect(
      promptFor({ task: 'search', query: 'q', posts: [{ ...post(4, 'gm'), authorHandle: 'u/someone' }] })
        .user,
    ).toContain('[4] (reddit, by someone (u/someone), 2026-03-01; tags: t) gm');
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
