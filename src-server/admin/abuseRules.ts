import type { AppConfig } from '../config';

export const GB = 1024 ** 3;
export const MB = 1024 ** 2;

export interface Thresholds {
  TOKENS_30D: number;
  STORAGE_GB: number;
  COST_DOLLAR: number;
}

export const thresholdsOf = (config: AppConfig): Thresholds => ({
  TOKENS_30D: config.ABUSE_TOKENS_30D,
  STORAGE_GB: config.ABUSE_STORAGE_GB,
  COST_DOLLAR: config.ABUSE_COST_DOLLAR,
});

/** A user's figures over the 30-day window. */
export interface UsageFigures {
  tokens30d: number;
  /** Dollars of AI usage in the window. */
  aiCost30d: number;
  storageUsed: number;
  storageLimit: number;
}

/** AI cost over 30 days plus a month of storage at the configured $/GB-month. */
export function estimatedCost(
  u: Pick<UsageFigures, 'aiCost30d' | 'storageUsed'>,
  storagePricePerGbMonth: number,
): number {
  return u.aiCost30d + (u.storageUsed / GB) * storagePricePerGbMonth;
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');

/**
 * The abuse rules. Each violation reads 'Category: detail', because the console's Top Reasons takes the text
 * before the first colon. The most serious comes first; the abuse check flags with it.
 */
export function violations(u: UsageFigures, t: Thresholds, storagePricePerGbMonth: number): string[] {
  const found: string[] = [];
  const cost = estimatedCost(u, storagePricePerGbMonth);
  if (cost > t.COST_DOLLAR)
    found.push(`Cost: $${cost.toFixed(3)} estimated over 30 days (threshold $${t.COST_DOLLAR})`);
  if (u.tokens30d > t.TOKENS_30D)
    found.push(`Tokens: ${n(u.tokens30d)} tokens in 30 days (threshold ${n(t.TOKENS_30D)})`);
  if (u.storageUsed > t.STORAGE_GB * GB)
    found.push(`Storage: ${(u.storageUsed / GB).toFixed(2)} GB stored (threshold ${t.STORAGE_GB} GB)`);
  if (u.storageUsed > u.storageLimit) {
    found.push(
      `Plan limit: ${(u.storageUsed / GB).toFixed(2)} GB used of ${(u.storageLimit / GB).toFixed(0)} GB allowed`,
    );
  }
  return found;
}

/** The category of a reason: the text before its first colon. */
export const reasonCategory = (reason: string) => reason.split(':')[0].trim();
