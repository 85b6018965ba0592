import type { Coupon } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { textMatches } from '../providers/listQuery';
import { resourceSpec, searchOf } from '../providers/resourceSpec';

/** Coupon status filter: active means usable now, expired means past its date. */
const statusMatches = (c: Coupon, status: unknown) =>
  status === 'active' ? c.isActive && !c.isExpired : status === 'expired' ? c.isExpired : true;

export const couponData = resourceSpec<Coupon>({
  path: 'coupons',
  key: 'coupons',
  loadError: ADMIN_TEXT.loadCoupons,
  matches: (c, f) => statusMatches(c, f.status) && textMatches(searchOf(f), c.code),
});
