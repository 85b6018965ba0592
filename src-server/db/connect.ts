import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both engines: services take this and never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of either engine, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations under the start-up lock; safe to call on every boot. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up lock. Processes started together on one PostgreSQL database would
   * otherwise race through the migrations (one dies creating a table the other just made) and seed twice.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface ConnectOptions {
  databaseUrl?: string;
  /** A folder for PGlite's files, or 'memory://' for a throwaway database. */
  dataDir?: string;
}

/** The advisory lock key every API process takes while it migrates and seeds (any fixed bigint will do). */
export const STARTUP_LOCK_KEY = 5_317_004_211;

/**
 * A session-level advisory lock on a connection of its own, so the work may use the pool freely; ending the
 * connection releases the lock even when the unlock itself fails.
 */
async function withAdvisoryLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT off: the server's queries are short lookups, and compiling one whose row estimate is far too high
    // (the suspicious list's candidates) cost 160 ms of a 200 ms request at a million users
    // (docs/PERFORMANCE.md). An `options` parameter in DATABASE_URL replaces this one.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection that breaks (the database restarting, a dropped link) is reported on the pool, and an
    // 'error' event nobody listens to ends the process. The pool has already discarded that connection and opens
    // a fresh one for the next query, so there is nothing more to do here.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const databaseUrl = opts.databaseUrl;
    const exclusively = <T>(work: () => Promise<T>) => withAdvisoryLock(databaseUrl, work);
    return {
      db,
      engine: 'postgres',
      migrate: () => exclusively(() => migratePg(db as never, { migrationsFolder })),
      exclusively,
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // One process owns an embedded database: there is nobody to wait for.
    exclusively: (work) => work(),
    // PGlite's close does not wait for the queries queued or the transaction open: one run against the closed
    // engine crashes inside it (a bare rejection "Infinity" or "RuntimeError: unreachable"). Holding both of its
    // locks first lets them finish.
    close: () => client._runExclusiveTransaction(() => client._runExclusiveQuery(() => client.close())),
  };
}
