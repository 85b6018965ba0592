import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rows } from './sqlRows';
import { userWhere, type UserFilters } from './usersService';
import { advanceUsageWindow } from '../usage/usageWindow';
import { badRequest } from '../errors';

/** Users read per query: the export holds one batch at a time, whatever the number of users. */
const BATCH = 2_000;
const MB = 1024 * 1024;

/**
 * The columns of the console's Users export (src-admin/users/userColumns.tsx), in its order, by the grid's
 * field names: the console asks for the ones the operator has visible.
 */
const COLUMNS: { field: string; header: string; value: (r: ExportRow) => string | number | null }[] = [
  { field: 'email', header: 'Email', value: (r) => r.email },
  { field: 'name', header: 'Name', value: (r) => r.name || r.displayName },
  { field: 'plan', header: 'Plan', value: (r) => r.plan },
  { field: 'subscriptionStatus', header: 'Subscription', value: (r) => r.subscriptionStatus },
  { field: 'tokens30d', header: 'Tokens (30d)', value: (r) => Number(r.tokens) },
  {
    field: 'storageUsed',
    header: 'Storage (MB)',
    value: (r) => Math.round((Number(r.storageUsed) / MB) * 100) / 100,
  },
  { field: 'adsDisabled', header: 'Ads', value: (r) => (r.adsDisabled ? 'Disabled' : 'Enabled') },
  { field: 'createdAt', header: 'Created', value: (r) => new Date(r.createdAt).toISOString() },
];

/** The columns a comma-separated `fields` names, in the export's own order; every column without it. */
export function exportColumns(fields: string | undefined): typeof COLUMNS {
  if (fields === undefined) return COLUMNS;
  const asked = fields.split(',').map((f) => f.trim());
  const unknown = asked.find((f) => !COLUMNS.some((c) => c.field === f));
  if (unknown !== undefined)
    throw badRequest(
      `Cannot export the column "${unknown.slice(0, 40)}". Columns: ${COLUMNS.map((c) => c.field).join(', ')}.`,
    );
  return COLUMNS.filter((c) => asked.includes(c.field));
}

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection): the same rule as the
// console's own export (src/format/csv.ts).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: always quoted (any separator a spreadsheet's locale uses stays inside it), text neutralised. */
function cell(value: string | number | null): string {
  const text =
    value === null
      ? ''
      : typeof value === 'string' && FORMULA_START.test(value)
        ? `'${value}`
        : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

const line = (values: (string | number | null)[]) => `${values.map(cell).join(',')}\r\n`;

interface ExportRow {
  id: string;
  email: string;
  name: string | null;
  displayName: string | null;
  plan: string;
  subscriptionStatus: string | null;
  tokens: number | string;
  storageUsed: number | string;
  adsDisabled: boolean;
  createdAt: Date | string;
}

/**
 * GET /admin/users/export: every user the filters match, as CSV lines, read in batches by id (each batch a
 * short index range scan after the last id, never an offset), so memory stays flat at a million users.
 */
export async function* usersCsv(
  ctx: AppContext,
  filters: UserFilters,
  columns: typeof COLUMNS = COLUMNS,
): AsyncGenerator<string> {
  await advanceUsageWindow(ctx.db, ctx.clock.now());
  const where = userWhere(filters);
  yield line(columns.map((c) => c.header));
  let after: string | null = null;
  for (;;) {
    const batch: ExportRow[] = await rows<ExportRow>(
      ctx.db,
      sql`select users.id, users.email, users.name, users.display_name as "displayName", users.plan,
                 users.subscription_status as "subscriptionStatus",
                 -- One key lookup per row: a join would merge-scan the rollup from its start on every batch.
                 coalesce((select t.tokens from ai_usage_30d t where t.user_id = users.id), 0)::float8 as tokens,
                 users.storage_used::float8 as "storageUsed", users.ads_disabled as "adsDisabled",
                 users.created_at as "createdAt"
          from users
          where ${where} ${after ? sql`and users.id > ${after}::uuid` : sql``}
          order by users.id limit ${BATCH}`,
    );
    if (!batch.length) return;
    yield batch.map((r) => line(columns.map((c) => c.value(r)))).join('');
    after = batch[batch.length - 1].id;
  }
}
