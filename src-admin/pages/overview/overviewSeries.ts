import type { AdminOverview } from '../../../src/contract/admin';

type Rows = NonNullable<AdminOverview['usersByPlan']>;

/** The height of each overview chart; the page keeps this much room for it while its code or figures load. */
export const CHART_HEIGHT = 260;

/** Users per plan, stacked by subscription status ("none" for users without one). */
export function planStatusSeries(rows: Rows) {
  const statuses = [...new Set(rows.map((r) => r.status || 'none'))];
  const plans = ['free', 'premium'].map((plan) => {
    const entry: Record<string, string | number> = { plan };
    for (const s of statuses)
      entry[s] = rows
        .filter((r) => r.plan === plan && (r.status || 'none') === s)
        .reduce((a, r) => a + r.count, 0);
    return entry;
  });
  return { plans, statuses };
}

type Days = NonNullable<AdminOverview['dailyUsage']>;

/** A day of the usage chart: a complete day on the solid lines, today (still under way) on the dashed ones. */
export interface DailyPoint {
  day: string;
  /** True for today, whose figures are so far. */
  today: boolean;
  tokens: number | null;
  cost: number | null;
  tokensSoFar: number | null;
  costSoFar: number | null;
}

/**
 * The daily usage series with today set apart: its figures are only so far, so a solid line running into them
 * would read as a drop. The solid lines end at the last complete day; the dashed ones run from it to today.
 * `today` is the current UTC day, as the server keys its days.
 */
export function dailySeries(days: Days, today: string): DailyPoint[] {
  const last = days.length - 1;
  const partial = last >= 0 && days[last].day === today;
  return days.map((d, i) => {
    const isToday = partial && i === last;
    const onDashed = partial && i >= last - 1;
    return {
      day: d.day,
      today: isToday,
      tokens: isToday ? null : d.tokens,
      cost: isToday ? null : d.cost,
      tokensSoFar: onDashed ? d.tokens : null,
      costSoFar: onDashed ? d.cost : null,
    };
  });
}
