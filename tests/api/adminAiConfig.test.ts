import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { adminSession } from './adminHarness';
import { aiConfigs } from '../../src-server/db/schema';
import { ManualClock } from '../../src-server/clock';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
const TASKS = ['auto-tagging', 'categorization', 'search', 'recommendations', 'analytics'];

beforeAll(async () => {
  t = await startTestApp({}, { clock: new ManualClock(new Date('2026-04-01T09:00:00Z')) });
  admin = await adminSession(t, 'ai-ops@example.com');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: admin.headers, payload });

describe('GET /admin/ai-config/providers', () => {
  it('lists the task types with names and descriptions, and openai, anthropic and google with models', async () => {
    const res = await call('GET', '/ai-config/providers');
    expect(res.statusCode).toBe(200);
    const { taskTypes, providers } = res.json();
    expect(taskTypes.map((x: { id: string }) => x.id)).toEqual(TASKS);
    for (const task of taskTypes) {
      expect(task.name).toBeTruthy();
      expect(task.description).toBeTruthy();
    }
    expect(Object.keys(providers)).toEqual(['openai', 'anthropic', 'google']);
    expect(providers.openai.name).toBe('OpenAI');
    expect(providers.openai.models[0]).toEqual({ id: 'gpt-4o-mini', name: 'GPT-4o mini' });
    for (const p of Object.values(providers) as { models: unknown[] }[])
      expect(p.models.length).toBeGreaterThan(0);
  });

  it('says no provider is configured when the server has no API keys', async () => {
    const { providers } = (await call('GET', '/ai-config/providers')).json();
    for (const p of Object.values(providers) as { configured: boolean }[]) expect(p.configured).toBe(false);
  });
});

describe('GET and PATCH /admin/ai-config', () => {
  it('gives every task type the default provider openai and no model until configured', async () => {
    const res = await call('GET', '/ai-config');
    expect(res.statusCode).toBe(200);
    expect(res.json().configs).toEqual(
      TASKS.map((taskType) => ({
        taskType,
        provider: 'openai',
        model: null,
        updatedAt: '2026-04-01T09:00:00.000Z',
      })),
    );
  });

  it('sets a provider and model, stamped with the time', async () => {
    (t.clock as ManualClock).advance(60_000);
    const res = await call('PATCH', '/ai-config', {
      taskType: 'search',
      provider: 'anthropic',
      model: 'claude-sonnet-4',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Configuration updated',
      config: {
        taskType: 'search',
        provider: 'anthropic',
        model: 'claude-sonnet-4',
        updatedAt: '2026-04-01T09:01:00.000Z',
      },
    });
    const configs = (await call('GET', '/ai-config')).json().configs;
    expect(configs.find((c: { taskType: string }) => c.taskType === 'search')).toMatchObject({
      provider: 'anthropic',
      model: 'claude-sonnet-4',
    });
  });

  it('takes a null model as the provider default', async () => {
    const res = await call('PATCH', '/ai-config', { taskType: 'analytics', provider: 'google', model: null });
    expect(res.json().config).toMatchObject({ provider: 'google', model: null });
  });

  it.each([
    [{ taskType: 'search', provider: 'mistral', model: null }, 'Unknown provider: mistral'],
    [{ taskType: 'search', provider: 'google', model: 'gpt-4o' }, 'Model gpt-4o is not offered by google'],
    [{ taskType: 'translation', provider: 'openai', model: null }, 'Unknown task type: translation'],
    [{ taskType: 'search', provider: 'constructor', model: null }, 'Unknown provider: constructor'],
    [{ taskType: 'search', provider: '__proto__', model: 'gpt-4o' }, 'Unknown provider: __proto__'],
    [{ taskType: 'search', provider: 'toString', model: null }, 'Unknown provider: toString'],
    [{ taskType: 'constructor', provider: 'openai', model: null }, 'Unknown task type: constructor'],
  ])('rejects %j, changing nothing', async (body, message) => {
    const before = await t.db.select().from(aiConfigs);
    const res = await call('PATCH', '/ai-config', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.select().from(aiConfigs)).toEqual(before);
  });

  it('rejects a body without a provider, naming the field', async () => {
    const res = await call('PATCH', '/ai-config', { taskType: 'search' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/provider/);
  });
});

describe('POST /admin/ai-config/reset', () => {
  it('restores the defaults for every task type', async () => {
    (t.clock as ManualClock).advance(60_000);
    const res = await call('POST', '/ai-config/reset');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('All AI configurations were reset to the defaults');
    expect(res.json().configs).toEqual(
      TASKS.map((taskType) => ({
        taskType,
        provider: 'openai',
        model: null,
        updatedAt: '2026-04-01T09:02:00.000Z',
      })),
    );
    expect(
      (await call('GET', '/ai-config'))
        .json()
        .configs.every((c: { provider: string }) => c.provider === 'openai'),
    ).toBe(true);
  });
});

describe('OpenAPI document of the admin lists', () => {
  it('documents the paging parameters and the X-Total-Count header on every paged list', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/admin/users',
      '/api/admin/coupons',
      '/api/admin/users/flagged',
      '/api/admin/users/suspicious',
    ]) {
      const op = doc.paths[path].get;
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['page', 'perPage', 'sort', 'order']),
      );
      expect(op.description).toContain('X-Total-Count');
    }
  });
});
