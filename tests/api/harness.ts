import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src-server/app';
import { loadConfig, type AppConfig } from '../../src-server/config';
import { connect, type Database } from '../../src-server/db/connect';
import { ManualClock } from '../../src-server/clock';

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
  const baseUrl = process.env.DATABASE_URL;
  let dbName: string | null = null;
  let databaseUrl: string | undefined;
  if (baseUrl) {
    dbName = `pk_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${dbName}`);
    const u = new URL(baseUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // Many accounts come from one test IP; the rate-limit tests set 1 to see the real limits.
    RATE_LIMIT_SCALE: '1000',
    DATA_DIR: join(tmpdir(), `postkeeper-test-${randomBytes(4).toString('hex')}`),
    ...env,
    DATABASE_URL: databaseUrl ?? '',
  });
  const database = await connect({ databaseUrl, dataDir: 'memory://' });
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
      await app.close();
      await database.close();
      await rm(config.DATA_DIR, { recursive: true, force: true });
      if (baseUrl && dbName) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
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
