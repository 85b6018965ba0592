import { eq, sql } from 'drizzle-orm';
import type { AiConfig } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { aiConfigs } from '../db/schema';
import { badRequest } from '../errors';
import { audited, type Actor } from './audited';
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

/** A task's provider and model as the audit log records them; a task never configured has the default. */
const setting = (r: { provider: string; model: string | null } | undefined) => ({
  provider: r?.provider ?? DEFAULT_PROVIDER,
  model: r?.model ?? null,
});

export async function updateAiConfig(
  ctx: AppContext,
  actor: Actor,
  input: { taskType: string; provider: string; model?: string | null },
): Promise<AiConfig> {
  if (!isTaskType(input.taskType)) throw badRequest(`Unknown task type: ${input.taskType}`);
  if (!isProvider(input.provider)) throw badRequest(`Unknown provider: ${input.provider}`);
  const model = input.model || null;
  if (model && !isModelOf(input.provider, model))
    throw badRequest(`Model ${model} is not offered by ${input.provider}`);
  const now = ctx.clock.now();
  const by = actor.email;
  const row = await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(aiConfigs)
      .where(eq(aiConfigs.taskType, input.taskType))
      .for('update');
    const [saved] = await tx
      .insert(aiConfigs)
      .values({ taskType: input.taskType, provider: input.provider, model, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({
        target: aiConfigs.taskType,
        set: { provider: input.provider, model, updatedAt: now, updatedBy: by },
      })
      .returning();
    await audited(tx, actor, {
      at: now,
      action: 'ai-config.update',
      targetType: 'ai-config',
      targetId: input.taskType,
      summary: `Set ${input.taskType} to ${input.provider} (${model ?? 'default model'})`,
      before: setting(old),
      after: setting(saved),
    });
    return saved;
  });
  return toConfig(row);
}

/** Every task type back to the default provider and its default model. */
export async function resetAiConfigs(ctx: AppContext, actor: Actor): Promise<AiConfig[]> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const old = new Map((await tx.select().from(aiConfigs)).map((r) => [r.taskType, r]));
    await tx.delete(aiConfigs).where(sql`true`);
    await tx.insert(aiConfigs).values(
      TASK_TYPES.map((t) => ({
        taskType: t.id,
        provider: DEFAULT_PROVIDER,
        model: null,
        updatedAt: now,
        updatedBy: actor.email,
      })),
    );
    await audited(tx, actor, {
      at: now,
      action: 'ai-config.reset',
      targetType: 'ai-config',
      targetId: null,
      summary: `Reset every AI task type to ${DEFAULT_PROVIDER} (default model)`,
      before: Object.fromEntries(TASK_TYPES.map((t) => [t.id, setting(old.get(t.id))])),
      after: Object.fromEntries(TASK_TYPES.map((t) => [t.id, setting(undefined)])),
    });
  });
  return listAiConfigs(ctx);
}
