import fc from 'fast-check';
import { DEEP_JSON, forSchema, hostileString, hostileValue, type JsonSchema } from './schemaArbitrary';
import { ROLE_NAMES, type RoleName } from './roles';

interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

/** One operation of the OpenAPI document. */
export interface FuzzRoute {
  method: string;
  path: string;
  op: Operation;
}

/** One request: who sends it, to which url, with which body (raw text, so any bytes can be sent). */
export interface FuzzCase {
  role: RoleName;
  method: string;
  url: string;
  body?: string;
}

export function routesOf(doc: OpenApiDoc): FuzzRoute[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

// A lone surrogate cannot be percent-encoded; the server would see U+FFFD for it anyway.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encodePathPart = (s: string) => encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'));

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryOf(params: Parameter[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      ...params.map((p) =>
        fc.option(
          fc.oneof(forSchema(p.schema ?? {}), fc.array(hostileString, { minLength: 2, maxLength: 3 })),
        ),
      ),
      fc.option(fc.tuple(fc.string({ maxLength: 8 }), hostileString)),
    )
    .map((values) => {
      const extra = values.pop() as [string, string] | null;
      const q = new URLSearchParams();
      params.forEach((p, i) => {
        const v = values[i];
        if (v === null) return;
        // Arrays go as repeated keys: `?page=1&page=2`, which a single-value schema must refuse.
        for (const one of Array.isArray(v) ? v : [v]) q.append(p.name, text(one));
      });
      if (extra) q.append(extra[0], extra[1]);
      const s = q.toString();
      return s ? `?${s}` : '';
    });
}

function bodyOf(op: Operation): fc.Arbitrary<string | undefined> {
  const schema = op.requestBody?.content['application/json']?.schema;
  return fc.oneof(
    { weight: 8, arbitrary: (schema ? forSchema(schema) : hostileValue).map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(DEEP_JSON, '{"a":', '{"__proto__":{"isAdmin":true}}', 'null', ''),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Cases for one route: path ids real or hostile, query and body from its schemas, each role. */
export function casesFor(route: FuzzRoute, realIds: string[]): fc.Arbitrary<FuzzCase> {
  const params = route.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  return fc
    .record({
      role: fc.constantFrom(...ROLE_NAMES),
      ids: fc.tuple(
        ...pathParams.map((p) =>
          fc.oneof(fc.constantFrom(...realIds), forSchema(p.schema ?? { type: 'string' }).map(text)),
        ),
      ),
      query: queryOf(queryParams),
      body: hasBody ? bodyOf(route.op) : fc.constant(undefined),
    })
    .map(({ role, ids, query, body }) => {
      let i = 0;
      const path = route.path.replace(/\{[^}]+\}/g, () => encodePathPart(ids[i++] || 'x'));
      return { role, method: route.method, url: `${path}${query}`, body };
    });
}

/** Methods whose request may carry a body; a client may send `Content-Type: application/json` on any of them. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** A well-formed id that names nothing: the route answers as for a missing record, and changes nothing. */
export const MISSING_ID = 'no-such-record';

/**
 * One request per caller to every operation that takes no JSON body: the body an empty JSON one, as browsers and
 * HTTP libraries send it. Such a request must be answered as the same request without a body is.
 */
export function emptyBodyCases(routes: FuzzRoute[]): FuzzCase[] {
  return routes
    .filter((r) => BODY_METHODS.includes(r.method) && !r.op.requestBody?.content['application/json'])
    .flatMap((r) =>
      ROLE_NAMES.map((role) => ({
        role,
        method: r.method,
        url: r.path.replace(/\{[^}]+\}/g, MISSING_ID),
        body: '',
      })),
    );
}
