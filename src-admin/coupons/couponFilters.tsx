import { choicesOf, searchFilter, selectFilter } from '../common/filters';

/** docs/product.md#console-coupons coupon filters: status (All, active, expired) and a search by code. */
export const couponFilters = [
  searchFilter('q', 'Search by code'),
  selectFilter('status', 'Status', choicesOf('active', 'expired')),
];
