import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { aiUsageWindow } from '../db/schema';
import { finishRoll, shareWindowLock, utcDay } from './usageWindow';

/** One completion a provider billed, served or not, with the provider's own token counts and its price from model_prices. */
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
 * The one place AI usage is metered. For a served answer, call it inside the transaction that saves the request's
 * results, so usage and results are written together or not at all; a billed answer that is not served is metered
 * in a transaction of its own (see src-server/ai/metering.ts).
 */
export async function recordAiUsage(tx: Db, usage: AiUsage): Promise<void> {
  await recordAiUsages(tx, [usage]);
}

const CHUNK = 5000;
const dollars = (x: number) => Math.round(x * 1e6) / 1e6;

/** The rows as one JSON parameter: a history of thousands of events is a few statements, not thousands. */
const recordset = (list: object[], columns: string) =>
  sql`json_to_recordset(${JSON.stringify(list)}::json) as r(${sql.raw(columns)})`;
const SUMS = 'tokens bigint, cost numeric, requests int';
const ADD = sql.raw(`tokens = t.tokens + excluded.tokens, cost = t.cost + excluded.cost,
  requests = t.requests + excluded.requests`);

type Sum = { tokens: number; cost: number; requests: number };
/** The events summed per key; cost rounded to the column's micro-dollars. */
function sumBy<R extends object>(list: AiUsage[], key: (u: AiUsage) => string, row: (u: AiUsage) => R) {
  const sums = new Map<string, R & Sum>();
  for (const u of list) {
    const k = key(u);
    const s = sums.get(k) ?? { ...row(u), tokens: 0, cost: 0, requests: 0 };
    s.tokens += u.totalTokens;
    s.cost += u.cost;
    s.requests += 1;
    sums.set(k, s);
  }
  // In key order, so two batches touching the same rollup rows lock them in the same order.
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => ({ ...s, cost: dollars(s.cost) }));
}

/**
 * Records several usage events (the demo seed's history) through the same statements as one request: the
 * events, then the rollups the console reads, in the caller's transaction:
 * - ai_usage_daily, per user and UTC day;
 * - ai_usage_daily_by_model, per day, provider and model;
 * - ai_usage_30d, per user, for events inside the current window (see usageWindow.ts).
 */
export async function recordAiUsages(tx: Db, list: AiUsage[]): Promise<void> {
  if (!list.length) return;
  // Shared: a window claim (which takes it alone) cannot interleave with these additions.
  await shareWindowLock(tx);
  const [window] = await tx.select().from(aiUsageWindow).where(eq(aiUsageWindow.id, 1));
  // Usage from before the window while a roll is under way (a late report, a seed's history): the roll would
  // subtract it for a user past its cursor though it was never added, so the roll is finished first, in this
  // transaction, before the daily rows have it. Usage inside the window never meets the roll, which only
  // subtracts the days that left.
  if (window?.rolling && window.firstDay && list.some((u) => utcDay(u.at) < window.firstDay!))
    await finishRoll(tx);
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = list.slice(i, i + CHUNK).map((u) => ({ ...u, at: u.at.toISOString() }));
    await tx.execute(sql`
      insert into ai_usage_events (user_id, task_type, provider, model, input_tokens, output_tokens, total_tokens, cost, created_at)
      select "userId", "taskType", provider, model, "inputTokens", "outputTokens", "totalTokens", cost, at
      from ${recordset(rows, '"userId" uuid, "taskType" text, provider text, model text, "inputTokens" int, "outputTokens" int, "totalTokens" int, cost numeric, at timestamptz')}`);
  }
  const daily = sumBy(
    list,
    (u) => `${u.userId}|${utcDay(u.at)}`,
    (u) => ({ userId: u.userId, day: utcDay(u.at) }),
  );
  for (let i = 0; i < daily.length; i += CHUNK)
    await tx.execute(sql`
      insert into ai_usage_daily as t (user_id, day, tokens, cost, requests)
      select "userId", day, tokens, cost, requests from ${recordset(daily.slice(i, i + CHUNK), `"userId" uuid, day date, ${SUMS}`)}
      on conflict (user_id, day) do update set ${ADD}`);
  const byModel = sumBy(
    list,
    (u) => `${utcDay(u.at)}|${u.provider}|${u.model}`,
    (u) => ({ day: utcDay(u.at), provider: u.provider, model: u.model }),
  );
  for (let i = 0; i < byModel.length; i += CHUNK)
    await tx.execute(sql`
      insert into ai_usage_daily_by_model as t (day, provider, model, tokens, cost, requests)
      select day, provider, model, tokens, cost, requests from ${recordset(byModel.slice(i, i + CHUNK), `day date, provider text, model text, ${SUMS}`)}
      on conflict (day, provider, model) do update set ${ADD}`);
  // Until the first console read builds the window (first_day null), the daily rows are all it needs.
  const firstDay = window?.firstDay;
  if (!firstDay) return;
  const recent = sumBy(
    list.filter((u) => utcDay(u.at) >= firstDay),
    (u) => u.userId,
    (u) => ({ userId: u.userId }),
  );
  for (let i = 0; i < recent.length; i += CHUNK)
    await tx.execute(sql`
      insert into ai_usage_30d as t (user_id, tokens, cost, requests)
      select "userId", tokens, cost, requests from ${recordset(recent.slice(i, i + CHUNK), `"userId" uuid, ${SUMS}`)}
      on conflict (user_id) do update set ${ADD}`);
}
