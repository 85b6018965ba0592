import type { Coupon } from '../../src/contract/admin';
import { createRowChanges } from '../common/rowChanges';

/** The Coupons rows' Activate/Deactivate, through one shared update (common/rowChanges.tsx). */
export const { RowChangesProvider: CouponChangesProvider, useRowChange: useCouponChange } =
  createRowChanges<Coupon>('coupons');
