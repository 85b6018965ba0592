import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listParamsSchema, type ListParams } from '../../src/contract/admin';
import { errorResponses } from '../../src/contract/common';
import type { AppContext } from '../context';
import type { ListQuery } from './listParams';
import { ALWAYS_PAGED_NOTE, isPaged, sendTotal } from './adminContext';
import { restArray, restListFilter, sendRestList, simpleRestOf, withId } from './simpleRest';

export const PAGED_LIST_NOTE =
  'Without page, perPage, sort or order the whole list is returned. With page or perPage the body holds that page and the X-Total-Count response header carries the number of matching rows.';

export const SIMPLE_REST_NOTE =
  'It also speaks ra-data-simple-rest: with sort=["field","ASC"|"DESC"], range=[first,last] or filter={...} (JSON; q is the full-text search, id a list of ids) it answers a bare array of records, each with an id, and Content-Range: <resource> <first>-<last>/<total>. Malformed JSON, an unknown sort key or an unknown filter is a 400.';

type RestFilterSchema = z.ZodType<{ q?: string; search?: string; id?: unknown }>;

/**
 * One admin list. Its GET answers two dialects from one service: the product's (`?plan=…&page=2`, answering
 * `{ [key]: records }`) and ra-data-simple-rest's (answering a bare array with Content-Range). The service gets
 * the same filter object and paging either way.
 */
export interface AdminList<
  K extends string,
  Q extends z.ZodObject,
  S extends RestFilterSchema,
  A extends { total: number } & { [P in K]: object[] },
> {
  url: string;
  summary: string;
  /** The product's answer holds the records under this key. */
  key: K;
  /** The product's own filter parameters (the paging ones are added here). */
  query: Q;
  /** simple-rest's `filter` object: the same filters, plus `q` and getMany's `id`. */
  filter: S;
  record: z.ZodObject;
  /** The product's answer, when it holds more than the records (the suspicious list's statistics). */
  answer?: z.ZodObject;
  /** Always one page with X-Total-Count; otherwise the whole list unless page or perPage ask for one. */
  alwaysPaged?: boolean;
  service: (
    ctx: AppContext,
    filter: ReturnType<typeof restListFilter<S>> | z.output<Q>,
    params: ListQuery,
  ) => Promise<A>;
}

export function adminList<
  K extends string,
  Q extends z.ZodObject,
  S extends RestFilterSchema,
  A extends { total: number } & { [P in K]: object[] },
>(fastify: FastifyInstance, list: AdminList<K, Q, S, A>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const resource = list.url.split('/').pop()!;
  // Records keyed `_id`, as the product's users are, also carry the `id` react-admin reads.
  const keyedBy_id = '_id' in list.record.shape;
  const filterKeys = Object.keys(list.query.shape);

  app.get(
    list.url,
    {
      schema: {
        tags: ['admin'],
        summary: list.summary,
        description: [list.alwaysPaged ? ALWAYS_PAGED_NOTE : PAGED_LIST_NOTE, SIMPLE_REST_NOTE].join(' '),
        querystring: list.query.extend(listParamsSchema.shape),
        response: {
          200: z.union([
            list.answer ?? z.object({ [list.key]: z.array(list.record) }),
            restArray(list.record),
          ]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // Fastify has checked the query against exactly this schema.
      const query = request.query as z.output<Q> & ListParams;
      const rest = simpleRestOf(query);
      if (rest) {
        const answer = await list.service(app.ctx, restListFilter(list.filter, rest.filter), rest.params);
        const records = answer[list.key].map((r) =>
          keyedBy_id ? withId(r as { _id: string }) : (r as { id: string }),
        );
        return sendRestList(reply, resource, records, rest.params, answer.total);
      }
      const filter = Object.fromEntries(filterKeys.map((k) => [k, query[k]])) as z.output<Q>;
      const { total, ...answer } = await list.service(app.ctx, filter, query);
      sendTotal(reply, total, list.alwaysPaged || isPaged(query));
      return answer;
    },
  );
}
