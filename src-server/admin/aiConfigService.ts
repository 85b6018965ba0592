import { sql } from 'drizzle-orm';
import type { AiConfig } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { aiConfigs } from '../db/schema';
import { badRequest } from '../errors';
import { DEFAULT_PROVIDER, isModelOf, isProvider, isTaskType, TASK_TYPES } from './aiCatalogue';

const toConfig = (r: typeof aiConfigs.$inferSelect): AiConfig => ({
  taskType: r.taskType,
  provider: r.provider,
  model: r.model ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

/** The config of every task type, in catalogue order; task types never configured get the default provider. */
export async function listAiConfigs(ctx: AppContext): Promise<AiConfig[]> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(aiConfigs)
    .values(
      TASK_TYPES.map((t) => ({ taskType: t.id, provider: DEFAULT_PROVIDER, model: null, updatedAt: now })),
    )
    .onConflictDoNothing();
  const stored = await ctx.db.select().from(aiConfigs);
  const byTask = new Map(stored.map((r) => [r.taskType, r]));
  return TASK_TYPES.map((t) => toConfig(byTask.get(t.id)!));
}

export async function updateAiConfig(
  ctx: AppContext,
  input: { taskType: string; provider: string; model?: string | null },
  by: string,
): Promise<AiConfig> {
  if (!isTaskType(input.taskType)) throw badRequest(`Unknown task type: ${input.taskType}`);
  if (!isProvider(input.provider)) throw badRequest(`Unknown provider: ${input.provider}`);
  const model = input.model || null;
  if (model && !isModelOf(input.provider, model))
    throw badRequest(`Model ${model} is not offered by ${input.provider}`);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(aiConfigs)
    .values({ taskType: input.taskType, provider: input.provider, model, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({
      target: aiConfigs.taskType,
      set: { provider: input.provider, model, updatedAt: now, updatedBy: by },
    })
    .returning();
  return toConfig(row);
}

/** Every task type back to the default provider and its default model. */
export async function resetAiConfigs(ctx: AppContext, by: string): Promise<AiConfig[]> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(aiConfigs).where(sql`true`);
    await tx.insert(aiConfigs).values(
      TASK_TYPES.map((t) => ({
        taskType: t.id,
        provider: DEFAULT_PROVIDER,
        model: null,
        updatedAt: now,
        updatedBy: by,
      })),
    );
  });
  return listAiConfigs(ctx);
}
