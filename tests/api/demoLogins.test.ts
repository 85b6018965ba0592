import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { seedIfWanted } from '../../src-server/seed';
import { DEMO_LOGINS, workingDemoLogins } from '../../src-server/seed/demoLogins';
import { hashPassword } from '../../src-server/auth/passwords';
import { loadConfig } from '../../src-server/config';
import { users } from '../../src-server/db/schema';
import { connect } from '../../src-server/db/connect';
import { ROOT } from '../fixtures/localServer';

const t = sharedTestApp();

const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
/** The test database, labelled as the embedded engine or as PostgreSQL: the seed decides by that label. */
const as = (engine: 'pglite' | 'postgres') => ({ ...t.database, engine });

describe('where demo data is seeded', () => {
  it.each([
    ['PostgreSQL outside production', 'postgres', {}],
    ['PostgreSQL in production', 'postgres', { NODE_ENV: 'production' }],
    ['the embedded database in production', 'pglite', { NODE_ENV: 'production' }],
  ] as const)('never into %s without SEED_DEMO=1', async (_label, engine, env) => {
    expect(await seedIfWanted(as(engine), loadConfig(env), t.app.log)).toBe(false);
    expect(await countUsers()).toBe(0);
  });

  it('into an empty embedded database outside production, and then never again by itself', async () => {
    expect(await seedIfWanted(as('pglite'), loadConfig({}), t.app.log)).toBe(true);
    expect((await workingDemoLogins(t.db)).map((l) => l.email)).toEqual(DEMO_LOGINS.map((l) => l.email));
    expect(await seedIfWanted(as('pglite'), loadConfig({}), t.app.log)).toBe(false);
  });

  it('into PostgreSQL when SEED_DEMO=1', async () => {
    expect(await seedIfWanted(as('postgres'), loadConfig({ SEED_DEMO: '1' }), t.app.log)).toBe(true);
  });
});

describe('demo logins that still work', () => {
  it('leaves out a demo account whose password was changed', async () => {
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-private-password') })
      .where(eq(users.email, 'admin@example.com'));
    expect((await workingDemoLogins(t.db)).map((l) => l.email)).toEqual([
      'user@example.com',
      'premium@example.com',
    ]);
  });
});

const bannerDone = (out: string) => /Postkeeper is running at[\s\S]*\n\n/.test(out);

/**
 * Runs the real server entry point until `done` says it has printed what the test reads, or it exits.
 * The log's JSON lines and the banner may arrive in either order.
 */
function runServer(
  env: Record<string, string>,
  done: (out: string) => boolean = bannerDone,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: join(tmpdir(), 'postkeeper-no-client'),
        ...env,
      },
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server neither started nor exited:\n${out}\n${err}`));
    }, 150_000);
    child.stdout.on('data', (d) => {
      out += d;
      if (done(out)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

describe('starting the server with the demo logins in its database', () => {
  let dataDir: string;
  // The demo logins go in beforehand, straight into the server's embedded database: a full demo seed on disk
  // would take the spawned server far longer, and the notice depends only on the logins.
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'postkeeper-demo-'));
    const database = await connect({ dataDir: join(dataDir, 'pglite') });
    try {
      await database.migrate();
      for (const login of DEMO_LOGINS)
        await database.db.insert(users).values({
          email: login.email,
          displayName: login.label,
          passwordHash: await hashPassword(login.password),
        });
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('warns in the log and the banner when it listens beyond this machine', async () => {
    const run = await runServer(
      { HOST: '0.0.0.0', DATA_DIR: dataDir, NODE_ENV: 'development' },
      (out) => bannerDone(out) && out.includes('Demo logins with published passwords work on this server'),
    );
    expect(run.out).toContain('!! WARNING: this server listens beyond this machine (HOST=0.0.0.0)');
    expect(run.out).toContain('admin@example.com    / admin-demo-1    (admin console at /admin)');
    const warning = run.out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .find((l) => l.msg.startsWith('Demo logins with published passwords work on this server'));
    expect(warning?.level).toBe(40);
  }, 180_000);

  it('refuses to start in production on that same data, saying why on one line', async () => {
    const run = await runServer({ HOST: '0.0.0.0', DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    expect(run.err.trim()).toMatch(
      /^Refusing to start: the demo logins admin@example\.com, user@example\.com, premium@example\.com still have their published passwords/,
    );
    expect(run.out).not.toContain('Postkeeper is running at');
  }, 180_000);
});
