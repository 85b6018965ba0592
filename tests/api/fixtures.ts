import { beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from './harness';
import { bearer, registerUser } from './harness';
import { coupons, users } from '../../src-server/db/schema';
import { recordAiUsage, type AiUsage } from '../../src-server/usage/recordAiUsage';
import { DAY_MS } from '../../src-server/clock';

// The accounts, operators and coupons the API tests start from, made the way the product makes them.

export const GB = 1024 ** 3;

export { NEW_ACCOUNT } from '../fixtures/newAccount';

/**
 * Small abuse thresholds, so each rule can be crossed with a handful of rows: 10,000 tokens or 2 GB stored in
 * 30 days, or `costDollar` of AI and storage cost (storage at $0.10 per GB-month).
 */
export const smallAbuseThresholds = (costDollar: number) => ({
  ABUSE_TOKENS_30D: '10000',
  ABUSE_STORAGE_GB: '2',
  ABUSE_COST_DOLLAR: String(costDollar),
  STORAGE_COST_PER_GB_MONTH: '0.1',
});

/** The operator that direct service calls act as (the audit log records them). */
export const OPS = { email: 'ops@example.com' };

/** A user's row, found by email or id. */
export async function userBy(t: TestApp, by: { email: string } | { id: string }) {
  const where = 'email' in by ? eq(users.email, by.email) : eq(users.id, by.id);
  const [row] = await t.db.select().from(users).where(where);
  return row;
}

/** A signed-in operator: a registered account promoted to admin. */
export async function adminSession(
  t: TestApp,
  email = `ops-${Math.random().toString(36).slice(2, 8)}@example.com`,
) {
  const { token } = await registerUser(t.app, { email });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
  return { token, email, headers: bearer(token) };
}
export type AdminSession = Awaited<ReturnType<typeof adminSession>>;

/** The operator the tests share, signed in before them once `t` (from sharedTestApp) has started. */
export function sharedAdminSession(t: TestApp, email?: string): AdminSession {
  const admin = {} as AdminSession;
  beforeAll(async () => {
    Object.assign(admin, await adminSession(t, email));
  });
  return admin;
}

/** A list answer as the console reads it: 200, the rows under `key`, and the total from X-Total-Count. */
export function listAnswer<Row>(
  res: { statusCode: number; body: string; headers: Record<string, unknown>; json(): Record<string, Row[]> },
  key: string,
) {
  expect(res.statusCode, res.body).toBe(200);
  return { total: Number(res.headers['x-total-count']), rows: res.json()[key] };
}

/** The emails of a users list answer, in the order the console shows them. */
export const emailsOf = (res: { json(): { users: { email: string }[] } }) =>
  res.json().users.map((u) => u.email);

/** A user with exact figures: storage, plan, and AI usage (tokens and dollars) `daysAgo` back. */
export async function userWith(
  t: TestApp,
  opts: {
    email: string;
    name?: string;
    plan?: 'free' | 'premium';
    status?: 'active' | 'trialing' | 'past_due' | 'canceled' | null;
    storageUsed?: number;
    storageLimit?: number;
    createdDaysAgo?: number;
    usage?: { tokens: number; cost: number; daysAgo: number; provider?: string; model?: string }[];
  },
): Promise<string> {
  const now = t.clock.now().getTime();
  const [row] = await t.db
    .insert(users)
    .values({
      email: opts.email,
      displayName: opts.name ?? opts.email.split('@')[0],
      name: opts.name ?? opts.email.split('@')[0],
      plan: opts.plan ?? 'free',
      subscriptionStatus: opts.status ?? null,
      storageUsed: opts.storageUsed ?? 0,
      storageLimit: opts.storageLimit ?? (opts.plan === 'premium' ? 10 * GB : GB),
      createdAt: new Date(now - (opts.createdDaysAgo ?? 10) * DAY_MS),
    })
    .returning({ id: users.id });
  // Through the one recorder, so the rollups the console reads see it as they would a real request.
  for (const u of opts.usage ?? []) {
    await t.db.transaction((tx) =>
      recordAiUsage(tx, {
        userId: row.id,
        taskType: 'auto-tagging',
        provider: u.provider ?? 'openai',
        model: u.model ?? 'gpt-4o-mini',
        inputTokens: Math.floor(u.tokens / 2),
        outputTokens: u.tokens - Math.floor(u.tokens / 2),
        totalTokens: u.tokens,
        cost: u.cost,
        at: new Date(now - u.daysAgo * DAY_MS),
      }),
    );
  }
  return row.id;
}

/**
 * One categorization request of `tokens` tokens (a dollar a million) `daysAgo` days before the test clock, for
 * recordAiUsage(s) directly.
 */
export const categorizationUsage = (
  t: TestApp,
  userId: string,
  tokens: number,
  daysAgo: number,
  extra: Partial<AiUsage> = {},
): AiUsage => ({
  userId,
  taskType: 'categorization',
  provider: 'openai',
  model: 'gpt-4o-mini',
  inputTokens: tokens - 1,
  outputTokens: 1,
  totalTokens: tokens,
  cost: tokens / 1e6,
  at: new Date(t.clock.now().getTime() - daysAgo * DAY_MS),
  ...extra,
});

/** Users the tests share, made with userWith before them; answers their ids by the given keys. */
export function sharedUsers<K extends string>(t: TestApp, specs: Record<K, Parameters<typeof userWith>[1]>) {
  const ids = {} as Record<K, string>;
  beforeAll(async () => {
    for (const [key, spec] of Object.entries(specs) as [K, Parameters<typeof userWith>[1]][])
      ids[key] = await userWith(t, spec);
  });
  return ids;
}

/** A registered extension user: token, headers and id. */
export async function extUser(t: TestApp) {
  const { token, email } = await registerUser(t.app);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, email, id: row.id, headers: bearer(token) };
}
export type ExtUser = Awaited<ReturnType<typeof extUser>>;

/** A user the tests share, registered before them once `t` (from sharedTestApp) has started. */
export function sharedExtUser(t: TestApp): ExtUser {
  const u = {} as ExtUser;
  beforeAll(async () => {
    Object.assign(u, await extUser(t));
  });
  return u;
}

/** An account of the given plan, signed in; `flagged` suspends it as the abuse check would. */
export async function aiUser(
  t: TestApp,
  opts: { plan?: 'free' | 'premium'; flagged?: boolean } = {},
): Promise<{ id: string; token: string; headers: Record<string, string> }> {
  const { token, email } = await registerUser(t.app);
  const [row] = await t.db
    .update(users)
    .set({ plan: opts.plan ?? 'premium', flaggedForAbuse: opts.flagged ?? false })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { id: row.id, token, headers: bearer(token) };
}
export type AiUser = Awaited<ReturnType<typeof aiUser>>;

/** A coupon as an operator would have created it: fixed $5 off, unlimited, by ops@example.com unless `fields` say otherwise. */
export async function couponWith(
  t: TestApp,
  fields: Partial<typeof coupons.$inferInsert> & { code: string },
) {
  const [row] = await t.db
    .insert(coupons)
    .values({ discountType: 'fixed', amount: 5, createdBy: 'ops@example.com', ...fields })
    .returning({ id: coupons.id });
  return row.id;
}
