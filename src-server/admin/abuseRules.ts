import type { AppConfig } from '../config';
import type { AbuseReasonCategory } from '../../src/contract/adminLists';

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

interface Rule {
  category: AbuseReasonCategory;
  /** The figure the rule looks at; it must grow past a cleared user's remembered one to count again. */
  figure(u: UsageFigures, price: number): number;
  breaks(u: UsageFigures, t: Thresholds, price: number): boolean;
  reason(u: UsageFigures, t: Thresholds, price: number): string;
}

/**
 * The abuse rules, the most serious first; the abuse check flags with the first one broken. Each reason reads
 * 'Category: detail', because the console's Top Reasons takes the text before the first colon.
 */
const RULES: Rule[] = [
  {
    category: 'Cost',
    figure: (u, price) => estimatedCost(u, price),
    breaks: (u, t, price) => estimatedCost(u, price) > t.COST_DOLLAR,
    reason: (u, t, price) =>
      `Cost: $${estimatedCost(u, price).toFixed(3)} estimated over 30 days (threshold $${t.COST_DOLLAR})`,
  },
  {
    category: 'Tokens',
    figure: (u) => u.tokens30d,
    breaks: (u, t) => u.tokens30d > t.TOKENS_30D,
    reason: (u, t) => `Tokens: ${n(u.tokens30d)} tokens in 30 days (threshold ${n(t.TOKENS_30D)})`,
  },
  {
    category: 'Storage',
    figure: (u) => u.storageUsed,
    breaks: (u, t) => u.storageUsed > t.STORAGE_GB * GB,
    reason: (u, t) => `Storage: ${(u.storageUsed / GB).toFixed(2)} GB stored (threshold ${t.STORAGE_GB} GB)`,
  },
  {
    category: 'Plan limit',
    // How far over the limit: a bigger plan or fewer files bring it down, more files push it up.
    figure: (u) => u.storageUsed - u.storageLimit,
    breaks: (u) => u.storageUsed > u.storageLimit,
    reason: (u) =>
      `Plan limit: ${(u.storageUsed / GB).toFixed(2)} GB used of ${(u.storageLimit / GB).toFixed(0)} GB allowed`,
  },
];

/** The rules a user breaks, as 'Category: detail' reasons, the most serious first. */
export function violations(u: UsageFigures, t: Thresholds, storagePricePerGbMonth: number): string[] {
  return RULES.filter((r) => r.breaks(u, t, storagePricePerGbMonth)).map((r) =>
    r.reason(u, t, storagePricePerGbMonth),
  );
}

/**
 * The violations that count against a user an operator cleared with `remembered` figures: a rule broken now
 * counts only once its figure has grown past the remembered one. Without a clearing, every violation counts.
 */
export function newViolations(
  u: UsageFigures,
  remembered: UsageFigures | null,
  t: Thresholds,
  storagePricePerGbMonth: number,
): string[] {
  const price = storagePricePerGbMonth;
  return RULES.filter(
    (r) => r.breaks(u, t, price) && (!remembered || r.figure(u, price) > r.figure(remembered, price)),
  ).map((r) => r.reason(u, t, price));
}
