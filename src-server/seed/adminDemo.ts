import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import { DAY_MS } from '../clock';
import { abuseFlagEvents, aiConfigs, aiUsageEvents, coupons, modelPrices, users } from '../db/schema';
import { recordAiUsages, type AiUsage } from '../usage/recordAiUsage';
import { PRICE_ROWS, PROVIDERS, TASK_TYPES } from '../admin/aiCatalogue';
import { seededRandom } from './random';
import { clearFlag, flagUser } from '../admin/flagService';
import { changeAt, DEMO_OPERATOR } from './demoOperator';

const GB = 1024 ** 3;
const EARLIER_FLAG = 'Tokens: burst of automated requests';

/** Dollars for one request at the model's price. */
export function priceOf(provider: string, model: string, input: number, output: number): number {
  const p = PRICE_ROWS.find((r) => r.provider === provider && r.model === model)!;
  return (input * p.inputPerMTok + output * p.outputPerMTok) / 1_000_000;
}

const MODEL_MIX: [string, string][] = [
  ['openai', 'gpt-4o-mini'],
  ['openai', 'gpt-4o-mini'],
  ['openai', 'gpt-4o'],
  ['anthropic', 'claude-3-5-haiku'],
  ['google', 'gemini-2.0-flash'],
];

/**
 * The console's demo data: prices, 30 days of AI usage, coupons in every display status, flagged users with
 * history, and AI configs. Deterministic, and skipped where data already exists.
 */
export async function seedAdminDemo(db: Db, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  const rnd = seededRandom(424242);
  await db.insert(modelPrices).values(PRICE_ROWS).onConflictDoNothing();

  const all = await db
    .select({ id: users.id, email: users.email, plan: users.plan })
    .from(users)
    .orderBy(users.createdAt, users.email);
  const [{ n: existing }] = await db.select({ n: sql<number>`count(*)::int` }).from(aiUsageEvents);
  if (Number(existing) === 0 && all.length) {
    const heavy = new Set(
      all
        .filter((u) => !u.email.endsWith('@example.com'))
        .slice(0, 4)
        .map((u) => u.id),
    );
    const events: AiUsage[] = [];
    for (const u of all) {
      const isHeavy = heavy.has(u.id);
      if (!isHeavy && !rnd.chance(u.email.endsWith('@example.com') ? 1 : 0.6)) continue;
      for (let day = 0; day < 30; day++) {
        const count = isHeavy ? rnd.int(15, 30) : rnd.int(0, 4);
        for (let i = 0; i < count; i++) {
          const [provider, model] = isHeavy ? (['openai', 'gpt-4o'] as const) : rnd.pick(MODEL_MIX);
          const inputTokens = isHeavy ? rnd.int(4000, 9000) : rnd.int(150, 2500);
          const outputTokens = isHeavy ? rnd.int(1500, 3500) : rnd.int(40, 900);
          events.push({
            userId: u.id,
            taskType: rnd.pick(TASK_TYPES).id,
            provider,
            model,
            inputTokens,
            outputTokens,
            totalTokens: inputTokens + outputTokens,
            cost: Math.round(priceOf(provider, model, inputTokens, outputTokens) * 1e6) / 1e6,
            at: new Date(now - day * DAY_MS - rnd.int(0, 86_000) * 1000),
          });
        }
      }
    }
    // Through the one recorder, so the console's rollups hold this history as they would real requests.
    await db.transaction((tx) => recordAiUsages(tx, events));
  }

  const admin = all.find((u) => u.email === 'admin@example.com');
  const by = admin?.email ?? 'admin@example.com';
  const day = (d: number) => new Date(now + d * DAY_MS);
  await db
    .insert(coupons)
    .values(
      [
        {
          code: 'WELCOME10',
          discountType: 'percentage',
          amount: 10,
          usageLimit: null,
          usedCount: 37,
          expiresAt: null,
          isActive: true,
        },
        {
          code: 'LAUNCH50',
          discountType: 'percentage',
          amount: 50,
          usageLimit: 100,
          usedCount: 100,
          expiresAt: day(60),
          isActive: true,
        },
        {
          code: 'SUMMER25',
          discountType: 'percentage',
          amount: 25,
          usageLimit: 500,
          usedCount: 212,
          expiresAt: day(-20),
          isActive: true,
        },
        {
          code: 'PAUSED15',
          discountType: 'percentage',
          amount: 15,
          usageLimit: 50,
          usedCount: 3,
          expiresAt: day(90),
          isActive: false,
        },
        {
          code: 'FIVEOFF',
          discountType: 'fixed',
          amount: 5,
          usageLimit: 200,
          usedCount: 18,
          expiresAt: day(30),
          isActive: true,
        },
        {
          code: 'STUDENT',
          discountType: 'fixed',
          amount: 2.5,
          usageLimit: null,
          usedCount: 64,
          expiresAt: null,
          isActive: true,
        },
      ].map((c) => ({
        ...c,
        discountType: c.discountType as 'percentage' | 'fixed',
        createdById: admin?.id ?? null,
        createdBy: by,
        createdAt: day(-45),
      })),
    )
    .onConflictDoNothing({ target: coupons.code });

  const [{ n: flagEvents }] = await db.select({ n: sql<number>`count(*)::int` }).from(abuseFlagEvents);
  if (Number(flagEvents) === 0) {
    const overLimit = await db
      .select({ id: users.id, used: users.storageUsed, limit: users.storageLimit })
      .from(users)
      .where(and(sql`${users.storageUsed} > ${users.storageLimit}`, eq(users.flaggedForAbuse, false)))
      .orderBy(users.email)
      .limit(2);
    const flags = overLimit.map((u, i) => ({
      id: u.id,
      reason: `Plan limit: ${(u.used / GB).toFixed(2)} GB used of ${(u.limit / GB).toFixed(0)} GB allowed`,
      at: new Date(now - (i * 3 + 1) * DAY_MS),
    }));
    const spammer = all.find(
      (u) => !u.email.endsWith('@example.com') && !overLimit.some((o) => o.id === u.id),
    );
    if (spammer)
      flags.push({
        id: spammer.id,
        reason: 'Spam: saved the same post 4,000 times in one hour',
        at: new Date(now - 2 * 3600_000),
      });
    // Each flagged user was flagged once before and unflagged, through the operator services, so that their
    // history, the remembered figures of the unflag and the audit log agree as they would for a real operator.
    for (const f of flags) {
      await flagUser(changeAt(db, new Date(f.at.getTime() - 20 * DAY_MS)), DEMO_OPERATOR, f.id, EARLIER_FLAG);
      await clearFlag(changeAt(db, new Date(f.at.getTime() - 18 * DAY_MS)), DEMO_OPERATOR, f.id, 'unflag');
      await flagUser(changeAt(db, f.at), DEMO_OPERATOR, f.id, f.reason);
    }
  }

  await db
    .insert(aiConfigs)
    .values(
      TASK_TYPES.map((t) =>
        t.id === 'recommendations'
          ? {
              taskType: t.id,
              provider: 'anthropic',
              model: PROVIDERS.anthropic.models[0].id,
              updatedAt: new Date(now - 5 * DAY_MS),
              updatedBy: by,
            }
          : {
              taskType: t.id,
              provider: 'openai',
              model: null,
              updatedAt: new Date(now - 30 * DAY_MS),
              updatedBy: by,
            },
      ),
    )
    .onConflictDoNothing();
}
