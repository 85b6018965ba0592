import type { ReactElement } from 'react';
import {
  PLAN_CHOICES,
  choicesOf,
  labelledChoices,
  searchFilter,
  selectFilter,
  subscriptionFilter,
} from './filters';

/** The categories of the abuse rules' reasons (the text before the first colon). */
const REASON_CATEGORIES = choicesOf('Cost', 'Tokens', 'Storage', 'Plan limit');

const abuseFilters = (statusFilter: ReactElement) => [
  searchFilter('q', 'Search email or name'),
  selectFilter('plan', 'Plan', PLAN_CHOICES, 130),
  statusFilter,
  selectFilter('reason', 'Reason category', REASON_CATEGORIES, 170),
];

/** Flagged users: plan, subscription status, reason category and a search. */
export const flaggedFilters = abuseFilters(subscriptionFilter);

/** Suspicious users: plan, flagged or only suspicious, reason category and a search. */
export const suspiciousFilters = abuseFilters(
  selectFilter('status', 'Status', labelledChoices({ flagged: 'Flagged', suspicious: 'Suspicious' }), 170),
);
