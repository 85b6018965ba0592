import { z } from 'zod';
import { planSchema, subscriptionStatusSchema } from './user';
import { queryText } from './queryText';
import { messagesQuerySchema } from './support';
import { auditLogQuerySchema } from './audit';
import { adminUsersQuerySchema, couponsQuerySchema } from './admin';
import { ABUSE_REASON_CATEGORIES } from './adminSort';

// The admin lists as react-admin's ra-data-simple-rest asks for them, besides the spec's own query parameters:
//   GET /admin/users?sort=["email","ASC"]&range=[0,24]&filter={"q":"sam","plan":"free"}
// answers a bare JSON array of records, each with an `id`, and `Content-Range: users 0-24/1234`.

export {
  ABUSE_REASON_CATEGORIES,
  CONTENT_RANGE_HEADER,
  SORTABLE,
  type AbuseReasonCategory,
  type SortableList,
  type SortKey,
} from './adminSort';

/** One id or a list of them, as react-admin's getMany sends them. */
const ids = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])).max(1000)]);

/** A filter object that refuses keys the list does not know, naming the ones it does. */
function filterOf<T extends z.ZodRawShape>(list: string, shape: T) {
  const keys = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Cannot filter ${list} by ${issue.keys.map((k) => `"${k}"`).join(', ')}. Filter by one of: ${keys}.`
        : undefined,
  });
}

const search = (field: string) => queryText(field, 200).optional();

export const usersFilterSchema = filterOf('users', {
  q: search('q'),
  ...adminUsersQuerySchema.shape,
  id: ids.optional(),
});

export const couponsFilterSchema = filterOf('coupons', {
  q: queryText('q', 100).optional(),
  ...couponsQuerySchema.shape,
  id: ids.optional(),
});

/** Flagged users: plan, subscription status, the category of their flag's reason, and email or name. */
export const flaggedFilterSchema = filterOf('flagged users', {
  q: search('q'),
  search: search('search'),
  plan: planSchema.optional(),
  subscriptionStatus: subscriptionStatusSchema.optional(),
  reason: queryText('reason', 200).optional(),
  id: ids.optional(),
});

/** Suspicious users: plan, status (flagged or only suspicious), a rule they break, and email or name. */
export const suspiciousFilterSchema = filterOf('suspicious users', {
  q: search('q'),
  search: search('search'),
  plan: planSchema.optional(),
  status: z.enum(['flagged', 'suspicious'], { error: 'status must be flagged or suspicious' }).optional(),
  reason: z
    .enum(ABUSE_REASON_CATEGORIES, { error: `reason must be one of: ${ABUSE_REASON_CATEGORIES.join(', ')}` })
    .optional(),
  id: ids.optional(),
});

export const messagesFilterSchema = filterOf('messages', {
  q: search('q'),
  ...messagesQuerySchema.shape,
  id: ids.optional(),
});

/** The audit log's q searches the entries' sentences. */
export const auditLogFilterSchema = filterOf('audit entries', {
  q: search('q'),
  ...auditLogQuerySchema.shape,
  id: ids.optional(),
});

/** The plain query's flagged and suspicious filters (the simple-rest filter object carries the same). */
export const flaggedQuerySchema = flaggedFilterSchema.omit({ q: true, id: true }).partial().strip();
export const suspiciousQuerySchema = suspiciousFilterSchema.omit({ q: true, id: true }).partial().strip();
