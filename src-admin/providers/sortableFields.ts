/**
 * The fields each admin list sorts on the server; a grid shows a sort arrow only on these.
 * To be replaced by the lists the shared contract exports once the server publishes them there:
 * keep this the only place the console names them.
 */
export const SORTABLE_FIELDS: Readonly<Record<string, readonly string[]>> = {
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
  ],
  coupons: ['createdAt', 'code', 'amount', 'usedCount', 'expiresAt', 'isActive'],
  flagged: ['flaggedAt', 'email', 'createdAt', 'storageUsed', 'plan', 'lastFlaggedReason'],
  suspicious: ['estimatedCost', 'tokensUsed30d', 'storageUsedMB', 'email', 'plan'],
  messages: ['createdAt', 'name', 'email', 'type', 'status', 'handledAt', 'handledBy'],
  'audit-log': ['at', 'id', 'actor', 'action', 'targetType'],
};

/** Whether the server sorts `resource` by `field`. */
export const isSortable = (resource: string, field: string): boolean =>
  SORTABLE_FIELDS[resource]?.includes(field) ?? false;
