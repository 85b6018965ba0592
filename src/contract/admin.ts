import { z } from 'zod';
import { planSchema, profileSchema, subscriptionStatusSchema } from './user';

// docs/product.md#admin-shapes shapes of the admin API. The server validates and documents with these schemas; the console
// imports the inferred types only.

/** A row of GET /admin/users: the profile plus its 30-day token count, so the console needs no call per row. */
export const adminUserSchema = profileSchema.extend({ tokens30d: z.number().optional() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  subscriptionStatus: subscriptionStatusSchema.optional(),
  plan: planSchema.optional(),
  search: z.string().max(200).optional(),
});

/**
 * Optional paging and sorting on every admin list; without them the whole list is returned. The list also
 * speaks ra-data-simple-rest's dialect (see adminLists.ts): sort as JSON ["field","ASC"], range and filter.
 */
export const listParamsSchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  perPage: z.coerce.number().int().min(1).max(500).optional(),
  sort: z
    .string()
    .max(80)
    .optional()
    .meta({ description: 'A sort key, or simple-rest\'s JSON ["field","ASC"|"DESC"]' }),
  order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
  range: z
    .string()
    .max(100)
    .optional()
    .meta({ description: 'simple-rest: the first and last row to answer, JSON, e.g. [0,24]' }),
  filter: z.string().max(40_000).optional().meta({
    description:
      'simple-rest: a JSON object of filters, e.g. {"q":"sam"}; q is the full-text search, id a list of ids (getMany)',
  }),
});
export type ListParams = z.infer<typeof listParamsSchema>;
/** The header that carries the full count when a list is paged. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const userUsageSchema = z.object({
  usage: z.object({ aiTokens: z.object({ total: z.number() }) }),
});
export type UserUsage = z.infer<typeof userUsageSchema>;

export const adminOverviewSchema = z.object({
  totalUsers: z.number(),
  activeUsersToday: z.number(),
  totalTokenUsage: z.number(),
  totalStorageUsedGB: z.number(),
  // Optional series for the overview charts.
  usersByPlan: z.array(z.object({ plan: planSchema, status: z.string(), count: z.number() })).optional(),
  dailyUsage: z.array(z.object({ day: z.string(), tokens: z.number(), cost: z.number() })).optional(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const discountTypeSchema = z.enum(['percentage', 'fixed']);
export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  discountType: discountTypeSchema,
  amount: z.number(),
  usageLimit: z.number().nullable(),
  usedCount: z.number(),
  expiresAt: z.string().nullable(),
  isActive: z.boolean(),
  isExpired: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponStatsSchema = z.object({
  totalCoupons: z.number(),
  activeCoupons: z.number(),
  expiredCoupons: z.number(),
  totalUsages: z.number(),
});
export type CouponStats = z.infer<typeof couponStatsSchema>;

export const couponsQuerySchema = z.object({
  status: z.enum(['active', 'expired']).optional(),
  search: z.string().max(100).optional(),
});

/**
 * The largest fixed discount and usage limit (docs/product.md#coupon-rules): far above any real coupon, and
 * inside the columns (numeric(10,2) and integer), so an absurd value is a 400 naming the field, never a 500.
 */
export const MAX_FIXED_AMOUNT = 1_000_000;
export const MAX_USAGE_LIMIT = 1_000_000_000;

/** docs/product.md#coupon-rules coupon form: code A–Z0–9 (upper-cased), amount by type, optionals as null. */
export const createCouponSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Code is required')
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]+$/, 'Code may contain only letters A-Z and digits')),
    discountType: discountTypeSchema,
    amount: z.number().min(0, 'Amount must be at least 0'),
    usageLimit: z
      .number()
      .int()
      .min(1, 'Usage limit must be at least 1')
      .max(MAX_USAGE_LIMIT, 'Usage limit can be at most 1,000,000,000')
      .nullable(),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'expiresAt must be an ISO date-time or null' })
      .nullable(),
  })
  .superRefine((c, ctx) => {
    if (c.discountType === 'percentage' && (c.amount > 100 || !Number.isInteger(c.amount))) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'A percentage must be a whole number from 0 to 100',
      });
    }
    if (c.discountType === 'fixed' && c.amount > MAX_FIXED_AMOUNT) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A fixed amount can be at most 1,000,000' });
    } else if (c.discountType === 'fixed' && Math.abs(Math.round(c.amount * 100) - c.amount * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A fixed amount has at most two decimals' });
    }
  });
export type CreateCoupon = z.input<typeof createCouponSchema>;

/**
 * PUT /admin/coupons/{id}: the coupon form's fields and isActive. A field left out keeps its value; the result
 * must pass createCouponSchema's rules. Read-only fields a client sends back (id, usedCount, isExpired,
 * createdBy, createdAt) are ignored.
 */
export const updateCouponSchema = z.object({
  code: z.string().optional(),
  discountType: discountTypeSchema.optional(),
  amount: z.number({ error: 'Amount must be a number' }).optional(),
  usageLimit: z.number({ error: 'Usage limit must be a number or null' }).nullable().optional(),
  expiresAt: z.string().nullable().optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type UpdateCoupon = z.infer<typeof updateCouponSchema>;

export const abuseStatsSchema = z.object({
  totalFlagged: z.number(),
  flaggedToday: z.number(),
  flaggedThisWeek: z.number(),
  mostCommonReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
});
export type AbuseStats = z.infer<typeof abuseStatsSchema>;

export const flagEventSchema = z.object({
  action: z.enum(['flag', 'unflag', 'mark-safe']),
  reason: z.string().nullable(),
  at: z.string(),
  by: z.string(),
});

export const abuseHistorySchema = z.object({
  email: z.string(),
  userId: z.string(),
  userStats: z.object({
    plan: planSchema,
    createdAt: z.string(),
    lastLogin: z.string().nullable(),
    storageUsed: z.number(),
    storageLimit: z.number(),
  }),
  currentViolations: z.array(z.string()),
  shouldFlag: z.boolean(),
  currentlyFlagged: z.boolean(),
  lastFlaggedReason: z.string().nullable(),
  flaggedAt: z.string().nullable(),
  history: z.array(flagEventSchema),
  /**
   * What the rules looked at when an operator last marked the user safe or unflagged them. The abuse check
   * flags them again for a rule only once its figure grows past this; null if never cleared.
   */
  rememberedUsage: z
    .object({
      action: z.enum(['unflag', 'mark-safe']),
      by: z.string(),
      at: z.string(),
      tokens30d: z.number(),
      aiCost30d: z.number(),
      storageUsed: z.number(),
      storageLimit: z.number(),
      estimatedCost: z.number(),
    })
    .nullable()
    .optional(),
});
export type AbuseHistory = z.infer<typeof abuseHistorySchema>;

/** The roles an operator gives and takes away in the console: an operator (`admin`) or an account holder. */
export const ROLE_CHOICES = ['admin', 'user'] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number];

/** PATCH /admin/users/{id}/role: make a user an operator, or remove their admin rights. */
export const roleChangeSchema = z.object({
  role: z.enum(ROLE_CHOICES, { error: "role must be 'admin' or 'user'" }),
});

/** What a role change answers: a sentence for the notice, the new role, and the sessions a removal ended. */
export const roleChangeAnswerSchema = z.object({
  message: z.string(),
  role: z.enum(ROLE_CHOICES),
  revoked: z.number(),
});
export type RoleChangeAnswer = z.infer<typeof roleChangeAnswerSchema>;

export const flagUserSchema = z.object({
  reason: z.string().trim().min(1, 'Reason for flagging is required').max(500),
});

export const aiConfigSchema = z.object({
  taskType: z.string(),
  provider: z.string(),
  model: z.string().nullable(),
  updatedAt: z.string(),
});
export type AiConfig = z.infer<typeof aiConfigSchema>;

export const providerCatalogueSchema = z.object({
  taskTypes: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
  providers: z.record(
    z.string(),
    z.object({
      name: z.string(),
      models: z.array(z.object({ id: z.string(), name: z.string() })),
      /** The server has this provider's API key; without it, its requests fall back to OpenAI. */
      configured: z.boolean(),
    }),
  ),
});
export type ProviderCatalogue = z.infer<typeof providerCatalogueSchema>;

export const updateAiConfigSchema = z.object({
  taskType: z.string().min(1),
  provider: z.string().min(1),
  model: z.string().min(1).nullable().optional(),
});

export const suspiciousUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  displayName: z.string(),
  name: z.string(),
  plan: planSchema,
  tokensUsed30d: z.number(),
  storageUsedMB: z.number(),
  estimatedCost: z.number(),
  flaggedForAbuse: z.boolean(),
  suspiciousReasons: z.array(z.string()),
});
export type SuspiciousUser = z.infer<typeof suspiciousUserSchema>;

export const suspiciousStatisticsSchema = z.object({
  totalUsers: z.number(),
  flaggedUsers: z.number(),
  averageEstimatedCost: z.number(),
  totalEstimatedCost: z.number(),
  thresholds: z.object({ TOKENS_30D: z.number(), STORAGE_GB: z.number(), COST_DOLLAR: z.number() }),
});
export type SuspiciousStatistics = z.infer<typeof suspiciousStatisticsSchema>;

export const costSummarySchema = z.object({
  tokens: z.object({ total: z.number(), cost: z.number() }),
  storage: z.object({ totalGB: z.number(), cost: z.number() }),
  total: z.object({ estimatedCost: z.number() }),
  /** Optional: AI tokens and cost by provider and model over the window, for the cost analysis page. */
  byModel: z
    .array(z.object({ provider: z.string(), model: z.string(), tokens: z.number(), cost: z.number() }))
    .optional(),
});
export type CostSummary = z.infer<typeof costSummarySchema>;
