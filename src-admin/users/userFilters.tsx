import { PLAN_CHOICES, SUBSCRIPTION_CHOICES, searchFilter, selectFilter } from '../common/filters';

/** docs/product.md#console-users Users filters: subscription status, plan (each with All) and a search on email or name. */
export const userFilters = [
  searchFilter('q', 'Search email or name'),
  selectFilter('subscriptionStatus', 'Subscription status', SUBSCRIPTION_CHOICES, 200),
  selectFilter('plan', 'Plan', PLAN_CHOICES, 140),
];
