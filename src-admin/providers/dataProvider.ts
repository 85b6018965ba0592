import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { request, requestRaw, messageOr, type RequestOptions } from '../../src/api/client';
import {
  TOTAL_COUNT_HEADER,
  type AbuseHistory,
  type AbuseStats,
  type AdminOverview,
  type AiConfig,
  type CostSummary,
  type CouponStats,
  type CreateCoupon,
  type ProviderCatalogue,
  type SuspiciousStatistics,
  type UserUsage,
} from '../../src/contract/admin';
import { USAGE_WINDOW_DAYS } from '../../src/config';
import { ADMIN_TEXT } from './adminMessages';
import { applyListParams, mapBounded } from './listQuery';
import { pickArray, RESOURCES, type ResourceSpec } from './resources';

/** A failure carrying the spec's text for the operation and the HTTP status react-admin's auth check reads. */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

/** How many per-user usage calls may run at once when a row lacks tokens30d. */
export const USAGE_CONCURRENCY = 4;
/** How many row writes a bulk action runs at once. */
const BULK_CONCURRENCY = 4;

type Row = Record<string, unknown> & { id: Identifier };

async function call<T>(
  path: string,
  text: string,
  opts: RequestOptions = {},
  preferServer = false,
): Promise<T> {
  try {
    return await request<T>(path, opts);
  } catch (err) {
    throw new AdminError(preferServer ? messageOr(err, text) : text, (err as { status?: number }).status);
  }
}

function specFor(resource: string): ResourceSpec {
  const spec = RESOURCES[resource];
  if (!spec) throw new AdminError(`Unknown resource: ${resource}`, 400);
  return spec;
}

const withId =
  (spec: ResourceSpec) =>
  (row: Record<string, unknown>): Row => ({ ...row, id: spec.idOf(row) });

/** GET /admin/users/{id}?days=30 for the rows that came without tokens30d; a failed call leaves the cell empty. */
async function fillUsage(rows: Row[]): Promise<Row[]> {
  const missing = rows.filter((r) => typeof r.tokens30d !== 'number');
  if (missing.length === 0) return rows;
  const totals = new Map<Identifier, number>();
  await mapBounded(missing, USAGE_CONCURRENCY, async (r) => {
    try {
      const body = await request<UserUsage>(`/admin/users/${encodeURIComponent(String(r.id))}`, {
        query: { days: USAGE_WINDOW_DAYS },
      });
      const total = body?.usage?.aiTokens?.total;
      if (typeof total === 'number') totals.set(r.id, total);
    } catch {
      // usage is a convenience column: the list still shows without it
    }
  });
  return rows.map((r) => (totals.has(r.id) ? { ...r, tokens30d: totals.get(r.id) } : r));
}

async function getList(resource: string, params: GetListParams) {
  const spec = specFor(resource);
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const query = {
    ...spec.query(params.filter ?? {}),
    page,
    perPage,
    sort: params.sort?.field || undefined,
    order: params.sort?.order || undefined,
  };
  let response: Response;
  try {
    ({ response } = await requestRaw(spec.path, { query, signal: params.signal }));
  } catch (err) {
    throw new AdminError(spec.loadError, (err as { status?: number }).status);
  }
  const body: unknown = await response.json().catch(() => null);
  const rows = pickArray(body, spec.key).map(withId(spec));
  const meta =
    body && !Array.isArray(body) && typeof body === 'object' && 'statistics' in body
      ? { statistics: (body as { statistics: SuspiciousStatistics }).statistics }
      : undefined;
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  let result: { data: Row[]; total: number };
  if (header !== null && Number.isFinite(Number(header))) {
    // Our backend pages, filters and sorts: pass through what it returned.
    result = { data: rows, total: Number(header) };
  } else {
    // A backend that returns the whole array: do the list work here.
    result = applyListParams(rows, params, spec.matches as (r: Row, f: Record<string, unknown>) => boolean);
  }
  if (resource === 'users') result.data = await fillUsage(result.data);
  return { ...result, meta };
}

async function findInList(resource: string, id: Identifier): Promise<Row> {
  const { data } = await getList(resource, {
    pagination: { page: 1, perPage: 100_000 },
    sort: { field: '', order: 'ASC' },
    filter: {},
  });
  const row = data.find((r) => String(r.id) === String(id));
  if (!row) throw new AdminError('Not found', 404);
  return row;
}

async function updateUser(
  id: Identifier,
  data: Partial<Row>,
  previous: Partial<Row> | undefined,
): Promise<Row> {
  const path = `/admin/users/${encodeURIComponent(String(id))}`;
  if (data.adsDisabled !== undefined && data.adsDisabled !== previous?.adsDisabled) {
    await call(`${path}/ads`, ADMIN_TEXT.updateAds, {
      method: 'PATCH',
      body: { adsDisabled: data.adsDisabled },
    });
  }
  if (data.plan !== undefined && data.plan !== previous?.plan) {
    await call(`${path}/subscription`, ADMIN_TEXT.updatePlan, { method: 'PATCH', body: { plan: data.plan } });
  }
  return { ...(previous ?? {}), ...data, id } as Row;
}

async function updateOne(
  resource: string,
  id: Identifier,
  data: Partial<Row>,
  previous?: Partial<Row>,
): Promise<Row> {
  switch (resource) {
    case 'users':
      return updateUser(id, data, previous);
    case 'coupons':
      await call(`/admin/coupons/${encodeURIComponent(String(id))}`, ADMIN_TEXT.updateCoupon, {
        method: 'PATCH',
        body: { isActive: data.isActive },
      });
      return { ...(previous ?? {}), ...data, id } as Row;
    case 'messages': {
      const body = await call<{ contactMessage?: Row }>(
        `/admin/messages/${encodeURIComponent(String(id))}`,
        ADMIN_TEXT.updateMessage,
        { method: 'PATCH', body: { status: data.status } },
        true,
      );
      return { ...(previous ?? {}), ...data, ...(body?.contactMessage ?? {}), id } as Row;
    }
    case 'ai-config': {
      const body = await call<{ message?: string; config?: Partial<AiConfig> }>(
        '/admin/ai-config',
        ADMIN_TEXT.updateAiConfig,
        {
          method: 'PATCH',
          body: { taskType: String(id), provider: data.provider, model: data.model || null },
        },
      );
      return { ...(previous ?? {}), ...data, ...(body?.config ?? {}), id } as Row;
    }
    default:
      throw new AdminError(`${resource} cannot be updated`, 405);
  }
}

/** The admin data provider: the five list resources plus the named calls of docs/product.md#admin-endpoints. */
export const dataProvider = {
  getList: getList as DataProvider['getList'],

  async getOne(resource: string, { id }: { id: Identifier }) {
    if (resource === 'messages') {
      const row = await call<Row>(
        `/admin/messages/${encodeURIComponent(String(id))}`,
        ADMIN_TEXT.loadMessage,
      );
      return { data: { ...row, id: String(row.id) } };
    }
    return { data: await findInList(resource, id) };
  },

  async getMany(resource: string, { ids }: { ids: Identifier[] }) {
    const { data } = await getList(resource, {
      pagination: { page: 1, perPage: 100_000 },
      sort: { field: '', order: 'ASC' },
      filter: {},
    });
    const wanted = new Set(ids.map(String));
    return { data: data.filter((r) => wanted.has(String(r.id))) };
  },

  async getManyReference() {
    return { data: [], total: 0 };
  },

  async update(
    resource: string,
    params: { id: Identifier; data: Partial<Row>; previousData?: Partial<Row> },
  ) {
    return { data: await updateOne(resource, params.id, params.data, params.previousData) };
  },

  async updateMany(resource: string, params: { ids: Identifier[]; data: Partial<Row> }) {
    // The previous value is unknown here, so each field is sent as asked.
    await mapBounded(params.ids, BULK_CONCURRENCY, (id) => updateOne(resource, id, params.data, {}));
    return { data: params.ids };
  },

  async create(resource: string, params: { data: Partial<CreateCoupon> }) {
    if (resource !== 'coupons') throw new AdminError(`${resource} cannot be created`, 405);
    const body = await call<{ coupon?: Record<string, unknown> } & Record<string, unknown>>(
      '/admin/coupons',
      ADMIN_TEXT.createCoupon,
      { method: 'POST', body: params.data },
      true,
    );
    const coupon = (body?.coupon ?? body ?? {}) as Record<string, unknown>;
    return { data: { ...params.data, ...coupon, id: String(coupon.id ?? params.data.code) } as RaRecord };
  },

  async delete(resource: string, params: { id: Identifier; previousData?: RaRecord }) {
    if (resource !== 'coupons') throw new AdminError(`${resource} cannot be deleted`, 405);
    await call(`/admin/coupons/${encodeURIComponent(String(params.id))}`, ADMIN_TEXT.deleteCoupon, {
      method: 'DELETE',
    });
    return { data: (params.previousData ?? { id: params.id }) as RaRecord };
  },

  async deleteMany(resource: string, params: { ids: Identifier[] }) {
    await mapBounded(params.ids, BULK_CONCURRENCY, (id) => dataProvider.delete(resource, { id }));
    return { data: params.ids };
  },

  flag: (id: Identifier, reason: string) =>
    call<{ message?: string }>(`/admin/users/${encodeURIComponent(String(id))}/flag`, ADMIN_TEXT.flag, {
      method: 'POST',
      body: { reason },
    }),
  unflag: (id: Identifier) =>
    call<{ message?: string }>(`/admin/users/${encodeURIComponent(String(id))}/unflag`, ADMIN_TEXT.unflag, {
      method: 'POST',
    }),
  revokeSessions: (id: Identifier) =>
    call<{ message: string; revoked: number }>(
      `/admin/users/${encodeURIComponent(String(id))}/revoke-sessions`,
      ADMIN_TEXT.revokeSessions,
      { method: 'POST' },
      true,
    ),
  runAbuseCheck: () =>
    call<{ message?: string }>('/admin/abuse/check', ADMIN_TEXT.abuseCheck, { method: 'POST' }),
  getAbuseHistory: async (id: Identifier) =>
    unwrapHistory(
      await call<unknown>(
        `/admin/users/${encodeURIComponent(String(id))}/abuse-history`,
        ADMIN_TEXT.loadUserDetails,
      ),
    ),
  getAbuseStats: async () =>
    unwrap<AbuseStats>(await call('/admin/abuse/stats', ADMIN_TEXT.loadFlagged), 'stats'),
  getCouponStats: async () =>
    unwrap<CouponStats>(await call('/admin/coupons/stats', ADMIN_TEXT.loadCouponStats), 'stats'),
  getOverview: async () =>
    unwrap<AdminOverview>(await call('/admin/overview', ADMIN_TEXT.loadOverview), 'overview'),
  getProviders: () => call<ProviderCatalogue>('/admin/ai-config/providers', ADMIN_TEXT.loadProviders),
  resetAiConfig: async () => {
    const body = await call<{ configs?: AiConfig[]; message?: string }>(
      '/admin/ai-config/reset',
      ADMIN_TEXT.resetAiConfig,
      {
        method: 'POST',
      },
    );
    return { configs: body?.configs ?? [], message: body?.message ?? '' };
  },
  markSafe: (id: Identifier) =>
    call<{ message?: string }>(
      `/admin/users/${encodeURIComponent(String(id))}/mark-safe`,
      ADMIN_TEXT.markSafe,
      {
        method: 'PATCH',
      },
    ),
  getCostSummary: async () =>
    unwrap<CostSummary>(await call('/admin/cost-analysis/summary', ADMIN_TEXT.loadSuspicious), 'summary'),
};

/** docs/product.md#admin-shapes names this body 'history'; its own flag events are also called history, so look for the user's email. */
function unwrapHistory(body: unknown): AbuseHistory {
  const inner = (body as { history?: unknown } | null)?.history;
  return (inner && typeof inner === 'object' && 'email' in inner ? inner : body) as AbuseHistory;
}

/** Bodies may come bare or wrapped in one named field ({stats}, {overview}, {summary}). */
function unwrap<T>(body: unknown, key: string): T {
  const inner = (body as Record<string, unknown> | null)?.[key];
  return (inner && typeof inner === 'object' ? inner : body) as T;
}

export type AdminDataProvider = typeof dataProvider;
