import { MAX_FIXED_AMOUNT, MAX_USAGE_LIMIT, type Coupon, type CreateCoupon } from '../../src/contract/admin';
import { formatDateTime } from '../../src/format';

export type CouponDisplayStatus = 'Inactive' | 'Expired' | 'Used Up' | 'Active';

/** docs/product.md#coupon-status coupon display status, checked in this order. */
export function couponDisplayStatus(
  c: Pick<Coupon, 'isActive' | 'isExpired' | 'usageLimit' | 'usedCount'>,
): CouponDisplayStatus {
  if (!c.isActive) return 'Inactive';
  if (c.isExpired) return 'Expired';
  if (c.usageLimit !== null && c.usageLimit !== undefined && c.usedCount >= c.usageLimit) return 'Used Up';
  return 'Active';
}

/** 'used / limit', or 'used / ∞' without a limit. */
export function couponUsage(c: Pick<Coupon, 'usageLimit' | 'usedCount'>): string {
  return `${c.usedCount} / ${c.usageLimit ?? '∞'}`;
}

export function couponExpiry(c: Pick<Coupon, 'expiresAt'>): string {
  return c.expiresAt ? formatDateTime(c.expiresAt) : 'Never';
}

export function couponDiscount(c: Pick<Coupon, 'discountType' | 'amount'>): string {
  return c.discountType === 'percentage' ? `${c.amount}%` : `$${c.amount.toFixed(2)}`;
}

export interface CouponFormValues {
  code: string;
  discountType: 'percentage' | 'fixed';
  amount: string;
  usageLimit: string;
  expiresAt: string;
}

/** docs/product.md#coupon-rules input limits by discount type. */
export function amountLimits(type: CouponFormValues['discountType']): {
  min: number;
  max: number;
  step: number;
} {
  return type === 'percentage'
    ? { min: 0, max: 100, step: 1 }
    : { min: 0, max: MAX_FIXED_AMOUNT, step: 0.01 };
}

/** docs/product.md#coupon-rules the usage limit's input range. */
export const USAGE_LIMIT_RANGE = { min: 1, max: MAX_USAGE_LIMIT, step: 1 } as const;

/** Code as typed, upper-cased and stripped of anything but A–Z and digits. */
export function normaliseCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The POST body: numbers as numbers, empty optionals as null, a local date-time as ISO. */
export function couponPayload(v: CouponFormValues): CreateCoupon {
  return {
    code: normaliseCode(v.code),
    discountType: v.discountType,
    amount: Number(v.amount),
    usageLimit: v.usageLimit.trim() === '' ? null : Number(v.usageLimit),
    expiresAt: v.expiresAt.trim() === '' ? null : new Date(v.expiresAt).toISOString(),
  };
}

/** The first docs/product.md#coupon-rules rule the form breaks, or null. */
export function couponFormError(v: CouponFormValues): string | null {
  if (!normaliseCode(v.code)) return 'Code is required';
  if (v.amount.trim() === '' || !Number.isFinite(Number(v.amount))) return 'Amount is required';
  const amount = Number(v.amount);
  const { min, max } = amountLimits(v.discountType);
  if (amount < min) return 'Amount must be at least 0';
  if (amount > max)
    return v.discountType === 'percentage'
      ? 'A percentage cannot exceed 100'
      : 'A fixed amount can be at most 1,000,000';
  if (v.discountType === 'percentage' && !Number.isInteger(amount))
    return 'A percentage must be a whole number';
  if (v.usageLimit.trim() !== '' && !(Number.isInteger(Number(v.usageLimit)) && Number(v.usageLimit) >= 1)) {
    return 'Usage limit must be at least 1';
  }
  if (v.usageLimit.trim() !== '' && Number(v.usageLimit) > MAX_USAGE_LIMIT)
    return 'Usage limit can be at most 1,000,000,000';
  if (v.expiresAt.trim() !== '' && Number.isNaN(new Date(v.expiresAt).getTime()))
    return 'Expiry is not a valid date';
  return null;
}
