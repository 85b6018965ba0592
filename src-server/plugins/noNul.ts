import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

const NUL = '\u0000';
/** Half of a UTF-16 surrogate pair standing alone: no character, and refused by PostgreSQL's jsonb. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What a string holds that the database cannot store, if anything. */
function unstorable(text: string): 'nul' | 'surrogate' | null {
  if (text.includes(NUL)) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/**
 * The dotted path of the first string (or key) holding a NUL character or a lone surrogate, and which, or null
 * when there is none. Walked with a queue rather than recursion: a 1 MB body can nest deeper than the call stack.
 */
export function findUnstorable(root: unknown): { path: string; problem: 'nul' | 'surrogate' } | null {
  const queue: [unknown, string][] = [[root, '']];
  for (let i = 0; i < queue.length; i++) {
    const [value, path] = queue[i];
    if (typeof value === 'string') {
      const problem = unstorable(value);
      if (problem) return { path, problem };
      continue;
    }
    // Raw bodies (a webhook's bytes, checked by its signature) are not text the app stores.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      const problem = unstorable(key);
      if (problem) return { path: here.replaceAll(NUL, ''), problem };
      queue.push([inner, here]);
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL, and jsonb refuses a lone surrogate, so either anywhere in a request's
 * JSON body, query or path would fail its write as a 500. One hook refuses them up front, for every route, as bad
 * input that changes nothing.
 */
export function registerNoNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorable(part);
      if (!found) continue;
      const field = found.path || 'The request';
      throw badRequest(
        found.problem === 'nul'
          ? `${field} must not contain NUL characters`
          : `${field} must be valid Unicode text`,
      );
    }
  });
}
