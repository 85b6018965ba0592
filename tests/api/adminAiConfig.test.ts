import { describe, expect, it } from 'vitest';
import { openApiDoc, injectAs, sharedTestApp } from './harness';
import { sharedAdminSession } from './fixtures';
import { aiConfigs } from '../../src-server/db/schema';
import { ManualClock } from '../../src-server/clock';

const t = sharedTestApp({}, { clock: new ManualClock(new Date('2026-04-01T09:00:00Z')) });
const admin = sharedAdminSession(t, 'ai-ops@example.com');
const TASKS = ['auto-tagging', 'categorization', 'search', 'recommendations', 'analytics'];
/** Every task on the default provider with no model, as last changed at `updatedAt`. */
const defaultsAt = (updatedAt: string) =>
  TASKS.map((taskType) => ({ taskType, provider: 'openai', model: null, updatedAt }));

const call = injectAs(t, admin, '/api/admin');

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
    expect(res.json().configs).toEqual(defaultsAt('2026-04-01T09:00:00.000Z'));
  });

  it('sets a provider and model, stamped with the time', async () => {
    (t.clock as ManualClock).advance(60_000);
    const search = { taskType: 'search', provider: 'anthropic', model: 'claude-sonnet-4' };
    const res = await call('PATCH', '/ai-config', search);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Configuration updated',
      config: { ...search, updatedAt: '2026-04-01T09:01:00.000Z' },
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
    expect(res.json().configs).toEqual(defaultsAt('2026-04-01T09:02:00.000Z'));
    expect(
      (await call('GET', '/ai-config'))
        .json()
        .configs.every((c: { provider: string }) => c.provider === 'openai'),
    ).toBe(true);
  });
});

describe('OpenAPI document of the admin lists', () => {
  it('documents the paging parameters and the X-Total-Count header on every paged list', async () => {
    const doc = await openApiDoc(t.app);
    const pagedLists = ['users', 'coupons', 'users/flagged', 'users/suspicious'];
    for (const list of pagedLists) {
      const op = doc.paths[`/api/admin/${list}`].get;
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['page', 'perPage', 'sort', 'order']),
      );
      expect(op.description).toContain('X-Total-Count');
    }
  });
});
