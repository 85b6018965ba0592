import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withThrowawayDatabase } from '../bench/throwawayDatabase';
import { openDatabase, premadeAccounts, startServer, type DataPlace } from './serverProcess';
import { ackCount, noneAcknowledged, writeUntilStopped } from './crashWrites';
import { checkAfterCrash } from './crashCheck';

// The kill comes once this many writes (some of them uploads) are acknowledged, or after CRASH_MAX_MS.
const WRITES = Number(process.env.CRASH_WRITES ?? 80);
const MAX_MS = Number(process.env.CRASH_MAX_MS ?? 60_000);
const WRITERS = 12;
// A server the test may create a throwaway database on (the API suite's DATABASE_URL when set).
const POSTGRES = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function crashAndRestart(engine: string, place: DataPlace) {
  const callers = await premadeAccounts(place, { users: 6, admins: 1 });
  const server = await startServer(place);
  const acks = noneAcknowledged();
  let stopped = false;
  const writers = Array.from({ length: WRITERS }, (_, w) =>
    writeUntilStopped(server.url, callers, acks, () => stopped, w),
  );
  const until = Date.now() + MAX_MS;
  while ((ackCount(acks) < WRITES || acks.media.length < 5) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
  // Killed while the writers are mid-request: some answers are in flight and never arrive.
  stopped = true;
  await server.kill9();
  await Promise.all(writers);

  const restarted = await startServer(place);
  await restarted.stop();
  const database = await openDatabase(place);
  try {
    const result = await checkAfterCrash(database, place.dataDir, acks);
    console.log(
      `crash (${engine}): ${ackCount(acks)} writes acknowledged (${acks.registrations.length} registrations, ` +
        `${acks.coupons.length} coupons, ${acks.posts.length} posts, ${acks.media.length} media), ` +
        `${result.lost.length} lost; ${result.wrongTotals.length} storage totals off; ` +
        `${result.missingFiles.length} of ${result.mediaRows} media files missing`,
    );
    expect(ackCount(acks)).toBeGreaterThanOrEqual(WRITES);
    expect(acks.media.length).toBeGreaterThan(0);
    expect(result.lost).toEqual([]);
    expect(result.wrongTotals).toEqual([]);
    expect(result.missingFiles).toEqual([]);
  } finally {
    await database.close();
  }
}

describe('kill -9 under concurrent writes, then restart on the same data', () => {
  it('keeps every acknowledged write on the embedded database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'postkeeper-crash-'));
    try {
      await crashAndRestart('PGlite', { dataDir });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps every acknowledged write on PostgreSQL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'postkeeper-crash-'));
    try {
      await withThrowawayDatabase(POSTGRES, (databaseUrl) =>
        crashAndRestart('PostgreSQL', { dataDir, databaseUrl }),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
