import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { aiUsage30d, aiUsageDaily, aiUsageDailyByModel, aiUsageEvents, aiUsageWindow } from '../db/schema';
import { utcDay } from './usageWindow';

/** One served AI request, with the provider's own token counts and its price from model_prices. */
export interface AiUsage {
  userId: string;
  taskType: string;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Dollars. */
  cost: number;
  at: Date;
}

/**
 * The one place AI usage is metered. Call it inside the transaction that saves the request's results, so
 * usage and results are written together or not at all.
 */
export async function recordAiUsage(tx: Db, usage: AiUsage): Promise<void> {
  await recordAiUsages(tx, [usage]);
}

const CHUNK = 1000;
const dollars = (x: number) => Math.round(x * 1e6) / 1e6;

type Sum = { tokens: number; cost: number; requests: number };
function sumBy<K extends string>(list: AiUsage[], key: (u: AiUsage) => K): Map<K, Sum> {
  const sums = new Map<K, Sum>();
  for (const u of list) {
    const k = key(u);
    const s = sums.get(k) ?? { tokens: 0, cost: 0, requests: 0 };
    s.tokens += u.totalTokens;
    s.cost += u.cost;
    s.requests += 1;
    sums.set(k, s);
  }
  return sums;
}

const addTo = <T extends { tokens: unknown; cost: unknown; requests: unknown }>(table: T) => ({
  tokens: sql`${table.tokens} + excluded.tokens`,
  cost: sql`${table.cost} + excluded.cost`,
  requests: sql`${table.requests} + excluded.requests`,
});

/**
 * Records several usage events (the demo seed's history) through the same statements as one request: the
 * events, then the rollups the console reads, in the caller's transaction:
 * - ai_usage_daily, per user and UTC day;
 * - ai_usage_daily_by_model, per day, provider and model;
 * - ai_usage_30d, per user, for events inside the current window (see usageWindow.ts).
 */
export async function recordAiUsages(tx: Db, list: AiUsage[]): Promise<void> {
  if (!list.length) return;
  // Shared lock: a window roll-forward (which takes it exclusively) cannot interleave with these additions.
  const [window] = await tx.select().from(aiUsageWindow).where(eq(aiUsageWindow.id, 1)).for('share');
  for (let i = 0; i < list.length; i += CHUNK) {
    await tx.insert(aiUsageEvents).values(
      list.slice(i, i + CHUNK).map((u) => ({
        userId: u.userId,
        taskType: u.taskType,
        provider: u.provider,
        model: u.model,
        inputTokens: u.inputTokens,
        outputTokens: u.outputTokens,
        totalTokens: u.totalTokens,
        cost: u.cost,
        createdAt: u.at,
      })),
    );
  }
  const daily = [...sumBy(list, (u) => `${u.userId}|${utcDay(u.at)}`)].map(([k, s]) => {
    const [userId, day] = k.split('|');
    return { userId, day, ...s, cost: dollars(s.cost) };
  });
  for (let i = 0; i < daily.length; i += CHUNK)
    await tx
      .insert(aiUsageDaily)
      .values(daily.slice(i, i + CHUNK))
      .onConflictDoUpdate({ target: [aiUsageDaily.userId, aiUsageDaily.day], set: addTo(aiUsageDaily) });
  const byModel = [...sumBy(list, (u) => `${utcDay(u.at)}|${u.provider}|${u.model}`)].map(([k, s]) => {
    const [day, provider, model] = k.split('|');
    return { day, provider, model, ...s, cost: dollars(s.cost) };
  });
  for (let i = 0; i < byModel.length; i += CHUNK)
    await tx
      .insert(aiUsageDailyByModel)
      .values(byModel.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [aiUsageDailyByModel.day, aiUsageDailyByModel.provider, aiUsageDailyByModel.model],
        set: addTo(aiUsageDailyByModel),
      });
  // Until the first console read builds the window (first_day null), the daily rows are all it needs.
  const firstDay = window?.firstDay;
  if (!firstDay) return;
  const recent = [
    ...sumBy(
      list.filter((u) => utcDay(u.at) >= firstDay),
      (u) => u.userId,
    ),
  ].map(([userId, s]) => ({
    userId,
    ...s,
    cost: dollars(s.cost),
  }));
  for (let i = 0; i < recent.length; i += CHUNK)
    await tx
      .insert(aiUsage30d)
      .values(recent.slice(i, i + CHUNK))
      .onConflictDoUpdate({ target: aiUsage30d.userId, set: addTo(aiUsage30d) });
}
