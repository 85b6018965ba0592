// What the admin lists sort by and answer, as plain values without zod, so the console's first screen can
// import them without the schema library.

/** The header that carries a simple-rest list's slice and total, e.g. `users 0-24/1234`. */
export const CONTENT_RANGE_HEADER = 'content-range';

/**
 * The keys each list sorts by on the server, in the order an unknown key's 400 names them. A column whose
 * key is not here cannot be sorted, so the console shows it no sort arrow. Each list is named as the console's
 * react-admin resource is, which is how the console finds it.
 */
export const SORTABLE = {
  users: [
    'createdAt',
    'email',
    'name',
    'displayName',
    'plan',
    'subscriptionStatus',
    'storageUsed',
    'adsDisabled',
    'tokens30d',
    'id',
  ],
  coupons: [
    'createdAt',
    'code',
    'amount',
    'usedCount',
    'expiresAt',
    'isActive',
    'discountType',
    'usageLimit',
    'createdBy',
    'id',
  ],
  flagged: [
    'flaggedAt',
    'email',
    'createdAt',
    'storageUsed',
    'name',
    'displayName',
    'plan',
    'subscriptionStatus',
    'lastFlaggedReason',
    'storageLimit',
    'id',
  ],
  suspicious: [
    'estimatedCost',
    'tokensUsed30d',
    'storageUsedMB',
    'email',
    'plan',
    'name',
    'displayName',
    'flaggedForAbuse',
    'id',
  ],
  messages: ['createdAt', 'name', 'email', 'type', 'status', 'handledAt', 'handledBy', 'id'],
  'audit-log': ['at', 'id', 'actor', 'action', 'targetType', 'targetId'],
} as const;
export type SortableList = keyof typeof SORTABLE;
export type SortKey<L extends SortableList> = (typeof SORTABLE)[L][number];

/** The categories the abuse rules give their reasons (the text before the colon). */
export const ABUSE_REASON_CATEGORIES = ['Cost', 'Tokens', 'Storage', 'Plan limit'] as const;
export type AbuseReasonCategory = (typeof ABUSE_REASON_CATEGORIES)[number];
