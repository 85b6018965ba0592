import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src-server/app';
import { loadConfig, type AppConfig } from '../../src-server/config';
import { connect, type Database } from '../../src-server/db/connect';
import { ManualClock } from '../../src-server/clock';
import { createScratchDatabase } from '../fixtures/scratchDatabase';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  clock: ManualClock;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app on a real database: one in-memory PGlite per test file, or, when DATABASE_URL is set,
 * a fresh PostgreSQL database per test file that is dropped afterwards.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  extra: Partial<Omit<BuildOptions, 'config' | 'db'>> = {},
): Promise<TestApp> {
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, inject('scratchPrefix') ?? 'pk_test')
    : null;
  const ownDataDir = join(tmpdir(), `postkeeper-test-${randomBytes(4).toString('hex')}`);
  try {
    return await startOn(scratch, ownDataDir, env, extra);
  } catch (err) {
    // A start that fails (a setting under test refused, say) leaves nothing behind either.
    await rm(ownDataDir, { recursive: true, force: true });
    await scratch?.drop();
    throw err;
  }
}

async function startOn(
  scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null,
  ownDataDir: string,
  env: Record<string, string>,
  extra: Partial<Omit<BuildOptions, 'config' | 'db'>>,
): Promise<TestApp> {
  const databaseUrl = scratch?.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // Many accounts come from one test IP; the rate-limit tests set 1 to see the real limits.
    RATE_LIMIT_SCALE: '1000',
    DATA_DIR: ownDataDir,
    ...env,
    DATABASE_URL: databaseUrl ?? '',
  });
  const connected = await connect({ databaseUrl, dataDir: 'memory://' });
  // Closed once, whoever asks first: a shutdown test closes it itself, and close() below still has to drop the
  // scratch database after it.
  let closing: Promise<void> | null = null;
  const database = { ...connected, close: () => (closing ??= connected.close()) };
  await database.migrate();
  const clock = (extra.clock as ManualClock | undefined) ?? new ManualClock(new Date());
  const app = await buildApp({ config, db: database.db, logger: false, ...extra, clock });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    async close() {
      try {
        await app.close();
        await database.close();
      } finally {
        // Whatever the closing met, nothing of the test's is left behind on the machine or the server.
        await rm(config.DATA_DIR, { recursive: true, force: true });
        await scratch?.drop();
      }
    },
  };
}

/**
 * The app the tests of a file (or of a describe block) share: started before the first and closed after the
 * last. The returned object is filled in once the app has started, so tests and later hooks read it as they
 * would startTestApp's answer.
 */
export function sharedTestApp(
  env: Record<string, string> = {},
  extra: Partial<Omit<BuildOptions, 'config' | 'db'>> = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await startTestApp(env, extra));
  });
  afterAll(() => t.close?.());
  return t;
}

/** Runs `fn` on an app of its own, for a setting the shared one does not have, and closes it afterwards. */
export async function withTestApp<T>(
  env: Record<string, string>,
  fn: (t: TestApp) => Promise<T>,
  extra: Partial<Omit<BuildOptions, 'config' | 'db'>> = {},
): Promise<T> {
  const t = await startTestApp(env, extra);
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

/** Registers a fresh account and returns its bearer token. */
export async function registerUser(
  app: FastifyInstance,
  body: { email?: string; password?: string; displayName?: string } = {},
): Promise<{ token: string; email: string; password: string }> {
  const email = body.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  const password = body.password ?? 'correct-horse-1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, displayName: body.displayName ?? 'Test User' },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { token: res.json().token, email, password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in with email and password, as the sign-in form does, and returns the new session's token. */
export async function logIn(
  app: FastifyInstance,
  email: string,
  password = 'correct-horse-1',
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** The API's OpenAPI document, as /api/openapi.json serves it. */
export const openApiDoc = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();

/** A POST whose body is sent as written under a JSON content type, e.g. to send JSON that does not parse. */
export const postRawJson = (app: FastifyInstance, url: string, body: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });

/**
 * Requests as one signed-in caller: `(method, path, payload?)` with `path` under `base` (e.g. '/api/admin').
 * The caller's headers are read when the request is made, so a session from sharedAdminSession works.
 */
export const injectAs =
  (t: TestApp, who: { headers: Record<string, string> }, base = '') =>
  (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: `${base}${path}`, headers: who.headers, payload });

/** Mails in the outbox addressed to `to`, newest first; a delivered mail's body reads as ''. */
export async function outboxFor(
  db: Database['db'],
  to: string,
): Promise<{ subject: string; text: string }[]> {
  const { outbox } = await import('../../src-server/db/schema');
  const { desc, eq } = await import('drizzle-orm');
  return db
    .select({ subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .then((rows) => rows.map((r) => ({ subject: r.subject, text: r.text ?? '' })));
}

/**
 * Runs `run` while every insert into `table` fails as a full disk would (a trigger raising), then drops the trigger:
 * for what a route undoes when its database write fails after it wrote elsewhere.
 */
export async function whileInsertsFail<T>(t: TestApp, table: string, run: () => Promise<T>): Promise<T> {
  const fn = sql.raw(`refuse_${table}`);
  const target = sql.raw(table);
  await t.db.execute(sql`create function ${fn}() returns trigger language plpgsql as $$
    begin raise exception 'disk quota exceeded'; end $$`);
  await t.db.execute(
    sql`create trigger ${fn} before insert on ${target} for each row execute function ${fn}()`,
  );
  try {
    return await run();
  } finally {
    await t.db.execute(sql`drop trigger ${fn} on ${target}`);
    await t.db.execute(sql`drop function ${fn}`);
  }
}
