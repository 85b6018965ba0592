import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Database } from '../db/connect';
import { systemClock, type Clock } from '../clock';
import { seedDemo } from './demo';
import { createStores } from '../media/stores';

/**
 * Demo data goes into an empty embedded database on first start, or into any database when SEED_DEMO=1;
 * never under NODE_ENV=production unless SEED_DEMO=1. Its dates are counted back from `clock`, the server's own.
 */
export async function seedIfWanted(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  clock: Clock = systemClock,
): Promise<boolean> {
  if (config.NODE_ENV === 'production' && !config.SEED_DEMO) return false;
  // Under the start-up lock: the seed skips what exists, which only holds when processes seed one at a time.
  return database.exclusively(async () => {
    const wanted = config.SEED_DEMO || (database.engine === 'pglite' && (await isEmpty(database)));
    if (!wanted) return false;
    const stores = createStores(config);
    try {
      await seedDemo(database.db, clock, stores.uploads);
    } finally {
      stores.close();
    }
    log.info('demo data seeded');
    return true;
  });
}

async function isEmpty(database: Database): Promise<boolean> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0) === 0;
}
