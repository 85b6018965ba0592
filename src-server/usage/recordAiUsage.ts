import type { Db } from '../db/connect';
import { aiUsageEvents } from '../db/schema';

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
  await tx.insert(aiUsageEvents).values({
    userId: usage.userId,
    taskType: usage.taskType,
    provider: usage.provider,
    model: usage.model,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    totalTokens: usage.totalTokens,
    cost: usage.cost,
    createdAt: usage.at,
  });
}
