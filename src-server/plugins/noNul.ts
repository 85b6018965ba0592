import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

const NUL = '\u0000';
/**
 * The dotted path of the first string (or key) holding a NUL character, or null when there is none. Walked with
 * a queue rather than recursion: a 1 MB body can nest deeper than the call stack.
 */
export function findNul(root: unknown): string | null {
  const queue: [unknown, string][] = [[root, '']];
  for (let i = 0; i < queue.length; i++) {
    const [value, path] = queue[i];
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
      continue;
    }
    // Raw bodies (a webhook's bytes, checked by its signature) are not text the app stores.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return here.replaceAll(NUL, '');
      queue.push([inner, here]);
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL, so a NUL anywhere in a request's JSON body, query or path would
 * fail its insert as a 500. One hook refuses it up front, for every route, as bad input that changes nothing.
 */
export function registerNoNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== null) throw badRequest(`${field || 'The request'} must not contain NUL characters`);
    }
  });
}
