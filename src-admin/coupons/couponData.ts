import type { Coupon } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { textMatches } from '../providers/listQuery';
import { resourceSpec, searchOf, type FirstPage } from '../providers/resourceSpec';
import { SORTABLE, type SortKey } from '../../src/contract/adminSort';

/** Coupon status filter: active means usable now, expired means past its date. */
const statusMatches = (c: Coupon, status: unknown) =>
  status === 'active' ? c.isActive && !c.isExpired : status === 'expired' ? c.isExpired : true;

/** How its list opens (its `<List>` and the fetch ahead of it use the same). */
export const couponFirstPage: FirstPage<SortKey<'coupons'>> = {
  sort: { field: 'createdAt', order: 'DESC' },
  perPage: 10,
};

export const couponData = resourceSpec<Coupon>({
  path: 'coupons',
  sortKeys: SORTABLE.coupons,
  firstPage: couponFirstPage,
  key: 'coupons',
  loadError: ADMIN_TEXT.loadCoupons,
  matches: (c, f) => statusMatches(c, f.status) && textMatches(searchOf(f), c.code),
});
