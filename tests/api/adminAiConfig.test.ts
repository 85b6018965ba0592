import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { adminSession } from './adminHarness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminSession(t, 'ai-admin@example.com');
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: admin.headers, payload });
const TASKS = ['auto-tagging', 'categorization', 'search', 'recommendations', 'analytics'];

describe('AI provider configuration', () => {
  it('offers the task types and the providers with their models', async () => {
    const body = (await call('GET', '/api/admin/ai-config/providers')).json();
    expect(body.taskTypes.map((t: { id: string }) => t.id)).toEqual(TASKS);
    for (const task of body.taskTypes) expect(task.name && task.description).toBeTruthy();
    expect(Object.keys(body.providers)).toEqual(['openai', 'anthropic', 'google']);
    expect(body.providers.openai.models[0]).toEqual({ id: 'gpt-4o-mini', name: 'GPT-4o mini' });
  });

  it('gives every task type the default provider, openai, until it is changed', async () => {
    const { configs } = (await call('GET', '/api/admin/ai-config')).json();
    expect(configs.map((c: { taskType: string }) => c.taskType)).toEqual(TASKS);
    for (const c of configs) expect(c).toMatchObject({ provider: 'openai', model: null });
  });

  it('changes a task’s provider and model, and stamps the time', async () => {
    t.clock.advance(60_000);
    const res = await call('PATCH', '/api/admin/ai-config', {
      taskType: 'search',
      provider: 'anthropic',
      model: 'claude-sonnet-4',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Configuration updated',
      config: {
        taskType: 'search',
        provider: 'anthropic',
        model: 'claude-sonnet-4',
        updatedAt: t.clock.now().toISOString(),
      },
    });
    const search = (await call('GET', '/api/admin/ai-config'))
      .json()
      .configs.find((c: { taskType: string }) => c.taskType === 'search');
    expect(search).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-4' });
    const defaultModel = await call('PATCH', '/api/admin/ai-config', {
      taskType: 'analytics',
      provider: 'google',
      model: null,
    });
    expect(defaultModel.json().config).toMatchObject({ provider: 'google', model: null });
  });

  it.each([
    [{ taskType: 'search', provider: 'acme', model: null }, 'Unknown provider: acme'],
    [
      { taskType: 'search', provider: 'openai', model: 'claude-sonnet-4' },
      'Model claude-sonnet-4 is not offered by openai',
    ],
    [{ taskType: 'telepathy', provider: 'openai', model: null }, 'Unknown task type: telepathy'],
  ])('rejects %j and changes nothing', async (payload, message) => {
    const before = (await call('GET', '/api/admin/ai-config')).json().configs;
    const res = await call('PATCH', '/api/admin/ai-config', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await call('GET', '/api/admin/ai-config')).json().configs).toEqual(before);
  });

  it('resets every task type to the defaults', async () => {
    const res = await call('POST', '/api/admin/ai-config/reset');
    expect(res.json().message).toBe('All AI configurations were reset to the defaults');
    for (const c of res.json().configs) expect(c).toMatchObject({ provider: 'openai', model: null });
  });
});
