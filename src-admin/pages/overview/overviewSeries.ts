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
