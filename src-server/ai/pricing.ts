import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { modelPrices } from '../db/schema';
import { PRICE_ROWS } from '../admin/aiCatalogue';
import type { TokenUsage } from './providers/provider';

/** Dollars per million tokens. */
export interface TokenPrice {
  inputPerMTok: number;
  outputPerMTok: number;
}

/** Dollars for one request, rounded to the micro-dollar that ai_usage_events stores. */
export function costOf(price: TokenPrice, usage: Pick<TokenUsage, 'inputTokens' | 'outputTokens'>): number {
  const dollars =
    (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000;
  return Math.round(dollars * 1_000_000) / 1_000_000;
}

/**
 * The model's price from model_prices, where operators keep them. A model without a row there (a fresh
 * database that was never seeded) is priced at the catalogue's list price, so usage is never metered as free.
 */
export async function priceOf(db: Db, provider: string, model: string): Promise<TokenPrice> {
  const [row] = await db
    .select({ inputPerMTok: modelPrices.inputPerMTok, outputPerMTok: modelPrices.outputPerMTok })
    .from(modelPrices)
    .where(and(eq(modelPrices.provider, provider), eq(modelPrices.model, model)))
    .limit(1);
  if (row) return { inputPerMTok: Number(row.inputPerMTok), outputPerMTok: Number(row.outputPerMTok) };
  const listed = PRICE_ROWS.find((p) => p.provider === provider && p.model === model);
  return listed ?? { inputPerMTok: 0, outputPerMTok: 0 };
}
