import { PLAN_CHOICES, searchFilter, selectFilter, subscriptionFilter } from '../common/filters';

/** docs/product.md#console-users Users filters: subscription status, plan (each with All) and a search on email or name. */
export const userFilters = [
  searchFilter('q', 'Search email or name'),
  subscriptionFilter,
  selectFilter('plan', 'Plan', PLAN_CHOICES, 140),
];
