import { eq } from 'drizzle-orm';
import type { TestApp } from './harness';
import { bearer, registerUser } from './harness';
import { users } from '../../src-server/db/schema';
import { recordAiUsage } from '../../src-server/usage/recordAiUsage';
import { DAY_MS } from '../../src-server/clock';

export const GB = 1024 ** 3;

/** A signed-in operator: a registered account promoted to admin. */
export async function adminSession(
  t: TestApp,
  email = `ops-${Math.random().toString(36).slice(2, 8)}@example.com`,
) {
  const { token } = await registerUser(t.app, { email });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
  return { token, email, headers: bearer(token) };
}

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
