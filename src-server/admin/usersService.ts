import { eq, sql, type SQL } from 'drizzle-orm';
import type { AdminUser } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { lockedUser } from '../db/lockedRows';
import { notFound } from '../errors';
import { idIn, rows } from './sqlRows';
import { likePattern, PROFILE_COLUMNS, rowToAdminUser, type ProfileRow } from './userRows';
import { isAscending, pageClause, pageWindow, sortMap, type ListQuery } from './listParams';
import { usageByUser, windowFirstDay } from './usageQueries';
import { countByPlan } from './userTotals';
import { existingId, uuidsOf } from '../ids';
import { revokeUserSessions } from '../auth/sessions';
import { audited, type Actor } from './audited';

export interface UserFilters {
  subscriptionStatus?: string;
  plan?: string;
  search?: string;
  /** Only these users (simple-rest's getMany). */
  ids?: string[];
}

const SORTS = sortMap('users', {
  createdAt: 'users.created_at',
  email: 'users.email',
  name: 'users.name',
  displayName: 'users.display_name',
  plan: 'users.plan',
  subscriptionStatus: 'users.subscription_status',
  storageUsed: 'users.storage_used',
  adsDisabled: 'users.ads_disabled',
  tokens30d: '"tokens30d"',
  id: 'users.id',
});

export function userWhere(f: UserFilters): SQL {
  const conds: SQL[] = [sql`true`];
  if (f.subscriptionStatus) conds.push(sql`users.subscription_status = ${f.subscriptionStatus}`);
  if (f.plan) conds.push(sql`users.plan = ${f.plan}`);
  const term = f.search?.trim();
  if (term)
    conds.push(sql`(users.email ilike ${likePattern(term)} or users.name ilike ${likePattern(term)})`);
  if (f.ids) conds.push(idIn(sql`users.id`, uuidsOf(f.ids)));
  return sql.join(conds, sql` and `);
}

/** GET /admin/users: filtered, optionally paged and sorted, each row with its 30-day token count. */
export async function listUsers(
  ctx: AppContext,
  f: UserFilters,
  params: ListQuery,
): Promise<{ users: AdminUser[]; total: number }> {
  const where = userWhere(f);
  const { order, limit, paged } = pageClause(params, SORTS, 'createdAt');
  const tokens = sql`left join (${await usageByUser(ctx)}) t on t.user_id = users.id`;
  const byTokens = params.sort === 'tokens30d';
  const narrowed = Boolean(f.search?.trim() || f.ids);
  if (paged && narrowed && !byTokens) return searchedPage(ctx, where, order, limit, tokens);
  let list = byTokens && paged && !isAscending(params) ? await topByTokens(ctx, where, params) : null;
  // Unless the order is by tokens, the page is cut first, so only its rows meet the 30-day rollup.
  const source = byTokens ? sql`users` : sql`(select * from users where ${where} ${order} ${limit}) users`;
  list ??= await rows<ProfileRow & { tokens30d: number }>(
    ctx.db,
    sql`select ${PROFILE_COLUMNS}, coalesce(t.tokens, 0) as "tokens30d"
        from ${source}
        ${tokens}
        where ${byTokens ? where : sql`true`} ${order} ${byTokens ? limit : sql``}`,
  );
  if (!paged) return { users: list.map(rowToAdminUser), total: list.length };
  // The count comes from the kept totals (migration 0018) unless a search or ids narrow the list.
  const total = narrowed
    ? Number(
        (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from users where ${where}`))[0].n,
      )
    : await countByPlan(ctx, f);
  return { users: list.map(rowToAdminUser), total };
}

/**
 * A page of a search and the number of matches from one pass over the matches, found through the trigram
 * indexes. Materialised so the planner cannot walk the sort column's index instead, filtering a million
 * accounts one by one to fill 25 rows (3.5 s at a million users for a search matching 1%).
 */
async function searchedPage(ctx: AppContext, where: SQL, order: SQL, limit: SQL, tokens: SQL) {
  const list = await rows<
    (ProfileRow & { tokens30d: number; matching: number }) | { id: null; matching: number }
  >(
    ctx.db,
    sql`with m as materialized (select * from users where ${where})
        select agg.matching, p.* from (select count(*)::int as matching from m) agg
        left join lateral (
          select ${PROFILE_COLUMNS}, coalesce(t.tokens, 0) as "tokens30d"
          from (select * from m users ${order} ${limit}) users ${tokens} ${order}
        ) p on true`,
  );
  const found = list.filter((r): r is ProfileRow & { tokens30d: number; matching: number } => r.id !== null);
  return { users: found.map(rowToAdminUser), total: Number(list[0]?.matching ?? 0) };
}

/**
 * The heaviest users first, read down ai_usage_30d's tokens index, so only a page's worth of users is joined.
 * Null when the page reaches past the users with tokens: the general query orders the rest.
 */
async function topByTokens(ctx: AppContext, where: SQL, params: ListQuery) {
  const { limit: perPage, offset } = pageWindow(params)!;
  const list = await rows<ProfileRow & { tokens30d: number }>(
    ctx.db,
    sql`select ${PROFILE_COLUMNS}, t.tokens::float8 as "tokens30d"
        from ai_usage_30d t join users on users.id = t.user_id
        where t.tokens > 0 and ${where}
        order by t.tokens desc, users.id limit ${perPage} offset ${offset}`,
  );
  return list.length === perPage ? list : null;
}

/** GET /admin/users/{id}?days=N: the user's AI token total over the window. */
export async function userUsage(
  ctx: AppContext,
  id: string,
  days: number,
): Promise<{ user: AdminUser; usage: { aiTokens: { total: number; cost: number } } }> {
  id = existingId(id);
  const [row] = await rows<ProfileRow>(
    ctx.db,
    sql`select ${PROFILE_COLUMNS} from users where users.id = ${id}`,
  );
  if (!row) throw notFound('User not found');
  const [usage] = await rows<{ tokens: number; cost: number }>(
    ctx.db,
    sql`select coalesce(sum(tokens), 0)::float8 as tokens, coalesce(sum(cost), 0)::float8 as cost
        from ai_usage_daily where user_id = ${id} and day >= ${windowFirstDay(ctx, days)}::date`,
  );
  return {
    user: rowToAdminUser(row),
    usage: { aiTokens: { total: Number(usage.tokens), cost: Number(usage.cost) } },
  };
}

export async function setAdsDisabled(
  ctx: AppContext,
  actor: Actor,
  id: string,
  adsDisabled: boolean,
): Promise<void> {
  id = existingId(id);
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await lockedUser(tx, id);
    await tx.update(users).set({ adsDisabled, updatedAt: at }).where(eq(users.id, id));
    await audited(tx, actor, {
      at,
      action: 'user.ads',
      targetType: 'user',
      targetId: id,
      summary: `${adsDisabled ? 'Disabled' : 'Enabled'} ads for ${user.email}`,
      before: { adsDisabled: user.adsDisabled },
      after: { adsDisabled },
    });
  });
}

/** Signs the user out everywhere: every session ends, so each of their tokens gets 401 from now on. */
export async function revokeSessionsByAdmin(ctx: AppContext, actor: Actor, id: string): Promise<number> {
  id = existingId(id);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
    if (!user) throw notFound('User not found');
    const revoked = await revokeUserSessions({ ...ctx, db: tx }, id);
    await audited(tx, actor, {
      at: ctx.clock.now(),
      action: 'user.revoke-sessions',
      targetType: 'user',
      targetId: id,
      summary: `Signed ${user.email} out everywhere (${revoked} session${revoked === 1 ? '' : 's'} ended)`,
      before: { sessions: revoked },
      after: { sessions: 0 },
    });
    return revoked;
  });
}
