import { describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { bearer, registerUser, withTestApp, type TestApp } from './harness';
import { askAi, configureTask, savedPost, sharedAiApp } from './aiHarness';
import { image, upload } from './extHarness';
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';
import { startFakeAnthropic } from '../fixtures/fakeAnthropic';
import { runJobOnce } from '../../src-server/jobs/jobRunner';

/** Prometheus's secret in these tests (METRICS_TOKEN wants at least 32 characters, as HEALTH_TOKEN does). */
const METRICS_TOKEN = 'prometheus-secret-for-the-metrics-tests';

const { t, admin, user, stands } = sharedAiApp(
  {
    openai: () =>
      startFakeOpenAi({ kind: 'answer', text: '{"tags": ["metered"]}', inputTokens: 111, outputTokens: 22 }),
    anthropic: () => startFakeAnthropic(),
  },
  { env: { METRICS_TOKEN } },
);

async function scrape(app: TestApp = t): Promise<string> {
  const res = await app.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(METRICS_TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

/** How much `name` (with `labels`) moved while `action` ran. */
async function change(
  name: string,
  labels: Record<string, string>,
  action: () => Promise<unknown>,
  app: TestApp = t,
): Promise<number> {
  const before = sample(await scrape(app), name, labels);
  await action();
  return sample(await scrape(app), name, labels) - before;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('metrics endpoint', () => {
  it('is off by default', async () => {
    await withTestApp({}, async (plain) => {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: bearer(METRICS_TOKEN),
      });
      expect(res.statusCode).toBe(404);
    });
  });

  it('answers only the monitoring token when METRICS_TOKEN is set', async () => {
    const { token } = await registerUser(t.app);
    for (const headers of [
      {},
      bearer(token),
      admin.headers,
      bearer(`${METRICS_TOKEN}x`),
      { authorization: METRICS_TOKEN },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect([res.statusCode, res.json()], JSON.stringify(headers)).toEqual([
        401,
        { message: 'Metrics need the monitoring token.' },
      ]);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE postkeeper_http_request_duration_seconds histogram');
  });

  it('serves /metrics on a port of its own when METRICS_PORT is set, and nothing on the API', async () => {
    const port = await freePort();
    await withTestApp({ METRICS_PORT: String(port) }, async (own) => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('postkeeper_outbox_depth');
      expect((await own.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    });
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('metric families', () => {
  it('times requests by route pattern and status, never by raw URL', async () => {
    const id = '0b7a4c1e-1d2f-4a5b-8c9d-0e1f2a3b4c5d';
    const moved = await change(
      'postkeeper_http_request_duration_seconds_count',
      { method: 'DELETE', route: '/api/ext/posts/:id', status_code: '404' },
      () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/ext/posts/${id}?secret=query-value`,
          headers: user.headers,
        }),
    );
    expect(moved).toBe(1);
    const text = await scrape();
    expect(text).not.toContain(id);
    expect(text).not.toContain('query-value');
  });

  it('counts job runs and shows each job’s last success', async () => {
    const moved = await change('postkeeper_job_runs_total', { job: 'session-purge' }, () =>
      runJobOnce(t.app.ctx, 'session-purge'),
    );
    expect(moved).toBe(1);
    const lastSuccess = sample(await scrape(), 'postkeeper_job_last_success_timestamp_seconds', {
      job: 'session-purge',
    });
    expect(Math.abs(lastSuccess - t.clock.now().getTime() / 1000)).toBeLessThan(1);
    expect(sample(await scrape(), 'postkeeper_job_failures_total', { job: 'session-purge' })).toBe(0);
  });

  it('reads the outbox depth and its oldest mail at scrape time', async () => {
    const { email } = await registerUser(t.app);
    const moved = await change('postkeeper_outbox_depth', {}, () =>
      t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } }),
    );
    // Without SMTP_URL the mail waits in the outbox.
    expect(moved).toBe(1);
    expect(sample(await scrape(), 'postkeeper_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(await scrape()).toContain('postkeeper_outbox_oldest_age_seconds ');
  });

  it('counts AI calls, tokens, failures and the fallback, by provider and model', async () => {
    await configureTask(t, admin, 'auto-tagging', 'anthropic', 'claude-3-5-haiku');
    stands.anthropic.queue({ kind: 'status', status: 500 });
    const postId = await savedPost(t, user.id);
    const before = await scrape();
    const res = await askAi(t, user.headers, 'auto-tagging', { postId });
    expect(res.json()).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    const claude = { provider: 'anthropic', model: 'claude-3-5-haiku' };
    const mini = { provider: 'openai', model: 'gpt-4o-mini' };
    expect(moved('postkeeper_ai_calls_total', { ...claude, outcome: 'failed' })).toBe(1);
    expect(moved('postkeeper_ai_failures_total', claude)).toBe(1);
    expect(
      moved('postkeeper_ai_fallbacks_total', { from_provider: 'anthropic', from_model: 'claude-3-5-haiku' }),
    ).toBe(1);
    expect(moved('postkeeper_ai_calls_total', { ...mini, outcome: 'ok' })).toBe(1);
    expect(moved('postkeeper_ai_tokens_total', { ...mini, kind: 'input' })).toBe(111);
    expect(moved('postkeeper_ai_tokens_total', { ...mini, kind: 'output' })).toBe(22);
  });

  it('counts the bytes written to media storage', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/ext/posts',
      headers: user.headers,
      payload: { platform: 'x', url: 'https://x.com/metrics/1' },
    });
    const data = await image('tiny.jpg');
    const moved = await change('postkeeper_storage_bytes_written_total', { store: 'media' }, async () => {
      const res = await upload(t, user as never, saved.json().post.id, data, {
        filename: 'a.jpg',
        contentType: 'image/jpeg',
      });
      expect(res.statusCode).toBe(201);
    });
    expect(moved).toBe(data.length);
  });

  it('counts rate-limit refusals by rule', async () => {
    await withTestApp({ METRICS_TOKEN, RATE_LIMIT_SCALE: '1' }, async (limited) => {
      const payload = { email: 'nobody@example.test', password: 'not-the-password' };
      const moved = await change(
        'postkeeper_rate_limit_refusals_total',
        { rule: 'login-ip-email' },
        async () => {
          const statuses = [];
          for (let i = 0; i < 11; i++)
            statuses.push(
              (await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode,
            );
          expect(statuses.at(-1)).toBe(429);
        },
        limited,
      );
      expect(moved).toBe(1);
    });
  });
});
