import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect, type Database } from '../../src-server/db/connect';
import { loadConfig } from '../../src-server/config';
import { seedIfWanted } from '../../src-server/seed';
import { buildApp } from '../../src-server/app';
import { withThrowawayDatabase } from '../bench/throwawayDatabase';
import { ManualClock } from '../../src-server/clock';

const PROCESSES = 3;
const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '1', LOG_LEVEL: 'silent' });
const silentLog = { info: () => undefined } as never;

// Every start-up here seeds as of one moment: the demo usage's per-day rows depend on the time of day it is
// seeded at, so two seeds a few seconds apart can differ by a row where an event crosses midnight.
const clock = new ManualClock(new Date('2026-11-25T23:59:55Z'));

/** What one API process does before it listens: migrate, then seed the demo data. */
async function startUp(database: Database): Promise<boolean> {
  await database.migrate();
  return seedIfWanted(database, config, silentLog, clock);
}

/** Rows per table of the public schema: the whole seeded data set, to compare two databases by. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
    // user_totals has a row per plan, status and shard of random user ids, so its accounts are what compare.
    const counted = name === 'user_totals' ? sql`sum(users)::int` : sql`count(*)::int`;
    const result = await database.db.execute<{ n: number }>(
      sql`select ${counted} as n from ${sql.identifier(name)}`,
    );
    counts[name] = Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
  }
  return counts;
}

const baseUrl = process.env.DATABASE_URL;
// Each case seeds the demo data twice (about 200 accounts with their posts), which takes a while on a busy machine.
const SEEDING_TWICE_MS = 180_000;

describe.runIf(baseUrl)('several processes starting together on one empty PostgreSQL database', () => {
  it(
    'all migrate and seed without failing, and the demo data exists once',
    async () => {
      let alone: Record<string, number> = {};
      await withThrowawayDatabase(baseUrl!, async (url) => {
        const database = await connect({ databaseUrl: url });
        try {
          await startUp(database);
          alone = await rowCounts(database);
        } finally {
          await database.close();
        }
      });
      expect(alone.users).toBe(203);
      expect(alone.user_totals).toBe(alone.users);

      await withThrowawayDatabase(baseUrl!, async (url) => {
        const processes = await Promise.all(
          Array.from({ length: PROCESSES }, () => connect({ databaseUrl: url })),
        );
        try {
          const started = await Promise.allSettled(processes.map(startUp));
          expect(started.map((s) => s.status)).toEqual(Array(PROCESSES).fill('fulfilled'));
          expect(await rowCounts(processes[0])).toEqual(alone);
          // Each can serve: the demo admin signs in through any of them.
          for (const database of processes) {
            const app = await buildApp({ config, db: database.db, logger: false });
            const res = await app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: 'admin@example.com', password: 'admin-demo-1' },
            });
            await app.close();
            expect(res.statusCode).toBe(200);
          }
        } finally {
          await Promise.all(processes.map((p) => p.close()));
        }
      });
    },
    SEEDING_TWICE_MS,
  );
});

describe('starting twice on the embedded database', () => {
  it(
    'migrates and seeds again without changing anything',
    async () => {
      const database = await connect({ dataDir: 'memory://' });
      try {
        expect(await startUp(database)).toBe(true);
        const once = await rowCounts(database);
        expect(once.users).toBe(203);
        await startUp(database);
        expect(await rowCounts(database)).toEqual(once);
      } finally {
        await database.close();
      }
    },
    SEEDING_TWICE_MS,
  );
});
