import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { categorizationUsage, userWith } from './fixtures';
import { ManualClock, DAY_MS } from '../../src-server/clock';
import { recordAiUsage, recordAiUsages } from '../../src-server/usage/recordAiUsage';
import { advanceUsageWindow, firstDayOf } from '../../src-server/usage/usageWindow';
import { idIn, rows } from '../../src-server/admin/sqlRows';
import { runJobOnce } from '../../src-server/jobs/jobRunner';

// The roll-forward of the 30-day totals moves rows a batch at a time, so usage recorded meanwhile must still
// land exactly once: these tests record between the batches and compare every row with the daily rollups.
const NOW = new Date('2026-08-20T12:00:00Z');
const t = sharedTestApp({}, { clock: new ManualClock(NOW) });

const usage = (userId: string, tokens: number, daysAgo: number) =>
  categorizationUsage(t, userId, tokens, daysAgo);

/** Each user's row in ai_usage_30d beside the sum of their daily rows inside the window. */
async function rowsAndSums(ids: string[]) {
  const first = firstDayOf(t.clock.now());
  const list = await rows<{ id: string; kept: number | null; summed: number | null }>(
    t.db,
    sql`select u.id, w.tokens::float8 as kept,
               (select sum(d.tokens)::float8 from ai_usage_daily d where d.user_id = u.id and d.day >= ${first}::date) as summed
        from users u left join ai_usage_30d w on w.user_id = u.id
        where ${idIn(sql`u.id`, ids)}`,
  );
  return list.map((r) => ({
    kept: r.kept === null ? null : Number(r.kept),
    summed: r.summed === null ? null : Number(r.summed),
  }));
}

const windowRow = async () =>
  (
    await rows<{ first_day: string; rolling: boolean }>(
      t.db,
      sql`select to_char(first_day, 'YYYY-MM-DD') as first_day, rolling from ai_usage_window`,
    )
  )[0];

async function usersWithHistory(prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await userWith(t, { email: `${prefix}-${i}@example.com` }));
  // Usage on days that will leave the window, days that stay, and one user with nothing but old usage.
  await t.db.transaction((tx) =>
    recordAiUsages(
      tx,
      ids.flatMap((id, i) =>
        i === n - 1
          ? [usage(id, 500, 29)]
          : [usage(id, 100 + i, 29), usage(id, 200, 28), usage(id, 300, 3), usage(id, 50, 0)],
      ),
    ),
  );
  await advanceUsageWindow(t.db, t.clock.now());
  return ids;
}

const windowCursor = async () =>
  (await rows<{ c: string | null }>(t.db, sql`select roll_cursor as c from ai_usage_window`))[0].c;

/** A user the roll has passed and one it has not reached, among `ids`. */
async function eitherSideOfCursor(ids: string[]): Promise<string[]> {
  const cursor = await windowCursor();
  const sorted = [...ids].sort();
  return [sorted.find((id) => cursor && id <= cursor), sorted.find((id) => !cursor || id > cursor)].filter(
    (id): id is string => Boolean(id),
  );
}

/** Starts a roll two users a batch and stops it after the first batch, as a process killed mid-roll would. */
async function rollStoppedAfterOneBatch() {
  await expect(
    advanceUsageWindow(t.db, t.clock.now(), {
      batch: 2,
      afterBatch: async () => {
        throw new Error('SIGKILL');
      },
    }),
  ).rejects.toThrow('SIGKILL');
}

describe('the 30-day roll-forward, a batch of users at a time', () => {
  it('keeps every row equal to its daily rollups when usage is recorded between batches', async () => {
    const ids = await usersWithHistory('roll', 9);
    t.clock.advance(2 * DAY_MS);
    let batches = 0;
    const seen: boolean[] = [];
    await advanceUsageWindow(t.db, t.clock.now(), {
      batch: 2,
      afterBatch: async () => {
        batches++;
        seen.push((await windowRow()).rolling);
        // Today's usage for a user the roll has passed and for one it has yet to reach (not the one whose
        // usage is all about to leave).
        for (const who of await eitherSideOfCursor(ids.slice(0, -1)))
          await t.db.transaction((tx) => recordAiUsages(tx, [usage(who, 7, 0), usage(who, 5, 1)]));
      },
    });
    // All nine users had usage on the days that left, two at a time: the roll really went in batches, and the
    // window said so between them.
    expect(batches).toBe(5);
    expect(seen).toEqual([true, true, true, true, true]);
    expect(await windowRow()).toEqual({ first_day: firstDayOf(t.clock.now()), rolling: false });
    const after = await rowsAndSums(ids);
    for (const r of after) expect(r.kept).toBe(r.summed);
    // The user whose every day left the window has no row, rather than one at zero.
    expect(after.filter((r) => r.kept === null)).toHaveLength(1);
  });

  it('finishes the roll before it records a late report, which it then leaves out of the window', async () => {
    const ids = await usersWithHistory('late', 6);
    t.clock.advance(2 * DAY_MS);
    let reported = false;
    await advanceUsageWindow(t.db, t.clock.now(), {
      batch: 2,
      afterBatch: async () => {
        if (reported) return;
        reported = true;
        expect((await windowRow()).rolling).toBe(true);
        // Usage on a day that has just left the window, for users either side of the cursor.
        for (const who of await eitherSideOfCursor(ids))
          await t.db.transaction((tx) =>
            recordAiUsages(tx, [usage(who, 11, 30), usage(who, 13, 40), usage(who, 17, 0)]),
          );
        expect((await windowRow()).rolling).toBe(false);
      },
    });
    expect(reported).toBe(true);
    for (const r of await rowsAndSums(ids)) expect(r.kept).toBe(r.summed);
  });

  it('is carried on by the next read when the process rolling it stops between batches', async () => {
    const ids = await usersWithHistory('stopped', 5);
    t.clock.advance(2 * DAY_MS);
    await rollStoppedAfterOneBatch();
    expect((await windowRow()).rolling).toBe(true);
    expect(await windowCursor()).not.toBeNull();
    // Usage recorded while the roll is left half done still counts once.
    await t.db.transaction((tx) => recordAiUsage(tx, usage(ids[0], 1000, 0)));
    await advanceUsageWindow(t.db, t.clock.now());
    expect(await windowRow()).toEqual({ first_day: firstDayOf(t.clock.now()), rolling: false });
    for (const r of await rowsAndSums(ids)) expect(r.kept).toBe(r.summed);
  });

  it('sums the window afresh when a day passes before the last roll was finished', async () => {
    const ids = await usersWithHistory('overtaken', 5);
    t.clock.advance(2 * DAY_MS);
    await rollStoppedAfterOneBatch();
    t.clock.advance(DAY_MS);
    await advanceUsageWindow(t.db, t.clock.now());
    expect(await windowRow()).toEqual({ first_day: firstDayOf(t.clock.now()), rolling: false });
    for (const r of await rowsAndSums(ids)) expect(r.kept).toBe(r.summed);
  });

  it('is done by the usage-window job, so the first read of a day finds the window current', async () => {
    const ids = await usersWithHistory('job', 4);
    t.clock.advance(DAY_MS);
    expect((await windowRow()).first_day).not.toBe(firstDayOf(t.clock.now()));
    expect(await runJobOnce(t.app.ctx, 'usage-window')).toMatchObject({ ran: true });
    expect(await windowRow()).toEqual({ first_day: firstDayOf(t.clock.now()), rolling: false });
    for (const r of await rowsAndSums(ids)) expect(r.kept).toBe(r.summed);
  });
});
