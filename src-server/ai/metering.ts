import type { AiTaskType } from '../../src/contract/ai';
import type { Db } from '../db/connect';
import { recordAiUsage } from '../usage/recordAiUsage';
import type { Billed } from './gateway';
import { costOf, priceOf } from './pricing';

/**
 * Meters one completion the provider billed to the user, priced from model_prices, in the caller's transaction
 * (through recordAiUsage, so the rollups the console and the abuse check read move with it). Returns its cost.
 */
export async function meterBilled(
  tx: Db,
  usage: { userId: string; task: AiTaskType; at: Date },
  billed: Billed,
): Promise<number> {
  const cost = costOf(await priceOf(tx, billed.provider, billed.model), billed.usage);
  await recordAiUsage(tx, {
    userId: usage.userId,
    taskType: usage.task,
    provider: billed.provider,
    model: billed.model,
    ...billed.usage,
    cost,
    at: usage.at,
  });
  return cost;
}
