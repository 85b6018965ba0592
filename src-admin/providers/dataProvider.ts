import simpleRestProvider from 'ra-data-simple-rest';
import { API_STYLE, type ApiStyle } from '../../src/config';
import {
  withLifecycleCallbacks,
  type DataProvider,
  type GetListResult,
  type Identifier,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { ADMIN_TEXT } from './adminMessages';
import { AdminError, withText } from './adminError';
import { customMethods, type CustomMethods } from './customMethods';
import { ADMIN_API_URL, httpClient as bearerClient, type HttpClient } from './httpClient';
import { fillUsage } from './usageColumn';
import { mapBounded } from './listQuery';
import { pathOf as endpointOf, type ResourceSpecs } from './resources';
import { withWholeArrayBackend } from './withWholeArrayBackend';
import { streamedCsv, type StreamCsv } from './streamedCsv';

export { AdminError } from './adminError';
export { USAGE_CONCURRENCY } from './usageColumn';

/**
 * The console's provider: react-admin's standard methods plus the named calls of the admin API, and, on our
 * own server, the lists it streams as CSV.
 */
export type AdminDataProvider = DataProvider & CustomMethods & { streamCsv?: StreamCsv };

/** How many row writes an updateMany/deleteMany runs at once. */
const BULK_CONCURRENCY = 4;

/** Where our server puts a paged list's total (src/contract/admin.ts's TOTAL_COUNT_HEADER; that module brings zod). */
const COUNT_HEADER = 'X-Total-Count';

const updateText = (resource: string) =>
  resource === 'coupons' ? ADMIN_TEXT.updateCoupon : ADMIN_TEXT.updatePlan;

/**
 * simple-rest over the admin API, resources routed to their endpoints (flagged lives at users/flagged),
 * with the spec's failure texts and the writes simple-rest cannot express (a user's plan and ads are two
 * PATCH endpoints; a message's status and a coupon's switch are PATCHes of their own). The AI settings are
 * saved through the named call updateAiConfig, not through update.
 */
function standardMethods(client: HttpClient, apiUrl: string, specs: ResourceSpecs): DataProvider {
  const pathOf = (resource: string) => endpointOf(specs, resource);
  const loadText = (resource: string) => specs[resource]?.loadError ?? ADMIN_TEXT.loadUsers;
  // Counted with X-Total-Count, simple-rest sends no Range request header (Content-Range would need one, which a
  // backend on another origin allowing only Authorization and Content-Type refuses at the preflight).
  const rest = simpleRestProvider(apiUrl, client, COUNT_HEADER);
  const url = (resource: string, id: Identifier) =>
    `${apiUrl}/${pathOf(resource)}/${encodeURIComponent(String(id))}`;

  async function updateUser(params: UpdateParams): Promise<RaRecord> {
    const { id, data, previousData } = params;
    if (data.adsDisabled !== undefined && data.adsDisabled !== previousData?.adsDisabled)
      await withText(ADMIN_TEXT.updateAds, () =>
        client(`${url('users', id)}/ads`, {
          method: 'PATCH',
          body: JSON.stringify({ adsDisabled: data.adsDisabled }),
        }),
      );
    if (data.plan !== undefined && data.plan !== previousData?.plan)
      await withText(ADMIN_TEXT.updatePlan, () =>
        client(`${url('users', id)}/subscription`, {
          method: 'PATCH',
          body: JSON.stringify({ plan: data.plan }),
        }),
      );
    return { ...(previousData ?? {}), ...data, id };
  }

  async function update(resource: string, params: UpdateParams): Promise<RaRecord> {
    if (resource === 'users') return updateUser(params);
    if (resource === 'messages') {
      // Resolve and Reopen are the inbox's PATCH of a message's status.
      const { json } = await withText(ADMIN_TEXT.updateMessage, () =>
        client(url('messages', params.id), {
          method: 'PATCH',
          body: JSON.stringify({ status: params.data.status }),
        }),
      );
      return {
        ...(params.previousData ?? {}),
        ...params.data,
        ...((json as RaRecord | undefined) ?? {}),
        id: params.id,
      };
    }
    if (resource === 'coupons' && Object.keys(params.data).every((k) => k === 'isActive' || k === 'id')) {
      // Activate/Deactivate is the spec's own PATCH, which every backend of the console answers.
      const { json } = await withText(ADMIN_TEXT.updateCoupon, () =>
        client(url('coupons', params.id), {
          method: 'PATCH',
          body: JSON.stringify({ isActive: params.data.isActive }),
        }),
      );
      const coupon = (json as { coupon?: RaRecord } | undefined)?.coupon;
      return { ...(params.previousData ?? {}), ...params.data, ...(coupon ?? {}), id: params.id };
    }
    const { data } = await withText(updateText(resource), () => rest.update(pathOf(resource), params));
    return { ...(params.previousData ?? {}), ...params.data, ...(data ?? {}), id: params.id };
  }

  const provider: DataProvider = {
    getList: (resource, params) => withText(loadText(resource), () => rest.getList(pathOf(resource), params)),
    getMany: async (resource, params) => {
      const { data } = await withText(loadText(resource), () => rest.getMany(pathOf(resource), params));
      // A server that ignores the id filter still answers rows: keep only those asked for.
      const wanted = new Set(params.ids.map(String));
      return { data: (data ?? []).filter((r: RaRecord) => wanted.has(String(r.id ?? r._id))) };
    },
    getOne: async (resource, params) => {
      if (resource === 'coupons' || resource === 'messages')
        return withText(loadText(resource), () => rest.getOne(pathOf(resource), params));
      // Coupons and messages have a record endpoint; other rows are found through the list's id filter.
      const { data } = await provider.getMany(resource, { ids: [params.id], signal: params.signal });
      if (!data[0]) throw new AdminError('Not found', 404);
      return { data: data[0] };
    },
    getManyReference: (resource, params) =>
      withText(loadText(resource), () => rest.getManyReference(pathOf(resource), params)),
    update: async (resource, params) => ({ data: (await update(resource, params)) as never }),
    updateMany: async (resource, params) => {
      await mapBounded(params.ids, BULK_CONCURRENCY, (id) =>
        update(resource, { id, data: params.data, previousData: { id } }),
      );
      return { data: params.ids };
    },
    create: (resource, params) =>
      withText(resource === 'coupons' ? ADMIN_TEXT.createCoupon : `${resource} cannot be created`, () =>
        rest.create(pathOf(resource), params),
      ),
    delete: async (resource, params) => {
      await withText(ADMIN_TEXT.deleteCoupon, () => rest.delete(pathOf(resource), params));
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    deleteMany: async (resource, params) => {
      await mapBounded(params.ids, BULK_CONCURRENCY, (id) => provider.delete(resource, { id }));
      return { data: params.ids };
    },
  };
  return provider;
}

/** Bodies of the spec's coupon writes come wrapped ({message, coupon}); simple-rest expects the record. */
const unwrapCoupon = async (record: RaRecord): Promise<RaRecord> => {
  const inner = (record as { coupon?: RaRecord }).coupon;
  return inner && typeof inner === 'object' ? { ...inner, id: inner.id ?? record.id } : record;
};

export interface AdminProviderOptions {
  client?: HttpClient;
  apiUrl?: string;
  /** Ours (simple-rest), or a backend answering as the spec's does (whole arrays); VITE_API_STYLE by default. */
  style?: ApiStyle;
  /** Each resource's endpoint, body key and browser-side filter, by react-admin resource name. */
  specs: ResourceSpecs;
}

/**
 * Composed as react-admin's CRM example composes its provider: simple-rest for the standard methods, the
 * spec's named calls beside it, and lifecycle callbacks where records need shaping. A backend answering as the
 * spec's does (VITE_API_STYLE=spec) adds one layer, withWholeArrayBackend, for its lists.
 */
export function createAdminDataProvider({
  client = bearerClient,
  apiUrl = ADMIN_API_URL,
  style = API_STYLE,
  specs,
}: AdminProviderOptions): AdminDataProvider {
  const custom = customMethods(client, apiUrl);
  const ours: AdminDataProvider = { ...standardMethods(client, apiUrl, specs), ...custom };
  // The spec's backend has no streamed export: its lists export page by page.
  const composed =
    style === 'spec'
      ? withWholeArrayBackend(ours, { client, apiUrl, specs })
      : { ...ours, streamCsv: streamedCsv(apiUrl) };
  return withLifecycleCallbacks(composed, [
    // Users rows come keyed by _id from the spec's backend; react-admin needs id.
    {
      resource: '*',
      afterRead: async (record: RaRecord) =>
        record.id === undefined && record._id !== undefined ? { ...record, id: record._id } : record,
    },
    {
      resource: 'users',
      afterGetList: async (result: GetListResult) => ({
        ...result,
        data: await fillUsage(client, apiUrl, result.data),
      }),
    },
    { resource: 'coupons', afterRead: unwrapCoupon, afterSave: unwrapCoupon },
  ]);
}
