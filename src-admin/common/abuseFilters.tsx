import {
  PLAN_CHOICES,
  SUBSCRIPTION_CHOICES,
  choicesOf,
  labelledChoices,
  searchFilter,
  selectFilter,
  type Choice,
} from './filters';

/** The categories of the abuse rules' reasons (the text before the first colon). */
const REASON_CATEGORIES = choicesOf('Cost', 'Tokens', 'Storage', 'Plan limit');

/** `statusWidth` fits the status filter's label beside its arrow ("Subscription status" needs more than "Status"). */
const abuseFilters = (
  statusSource: string,
  statusChoices: Choice[],
  statusLabel: string,
  statusWidth: number,
) => [
  searchFilter('q', 'Search email or name'),
  selectFilter('plan', 'Plan', PLAN_CHOICES, 130),
  selectFilter(statusSource, statusLabel, statusChoices, statusWidth),
  selectFilter('reason', 'Reason category', REASON_CATEGORIES, 170),
];

/** Flagged users: plan, subscription status, reason category and a search. */
export const flaggedFilters = abuseFilters(
  'subscriptionStatus',
  SUBSCRIPTION_CHOICES,
  'Subscription status',
  200,
);

/** Suspicious users: plan, flagged or only suspicious, reason category and a search. */
export const suspiciousFilters = abuseFilters(
  'status',
  labelledChoices({ flagged: 'Flagged', suspicious: 'Suspicious' }),
  'Status',
  170,
);
