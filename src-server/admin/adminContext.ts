import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../src/contract/admin';

/** Who did it, for history rows: the signed-in operator's email (the guard has checked the session). */
export const operator = (request: FastifyRequest) => request.user?.email ?? 'unknown';

/** Paged lists send their full count in a header, so the body keeps the spec's shape. */
export function sendTotal(reply: FastifyReply, total: number, paged: boolean): void {
  if (paged) reply.header(TOTAL_COUNT_HEADER, String(total));
}

export const isPaged = (q: { page?: number; perPage?: number }) => Boolean(q.page || q.perPage);
