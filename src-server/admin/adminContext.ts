import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../src/contract/admin';
import type { Actor } from './audited';

const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * Who did it, for history rows and the audit log: the signed-in operator (the guard has checked the session).
 * The same Actor for the whole request, so the audit guard can tell whether this request's change was audited.
 */
export function operator(request: FastifyRequest): Actor {
  let actor = actors.get(request);
  if (!actor) {
    actor = { email: request.user?.email ?? 'unknown' };
    actors.set(request, actor);
  }
  return actor;
}

/** The request's Actor, if a handler asked for one. */
export const actorOf = (request: FastifyRequest): Actor | undefined => actors.get(request);

/** Paged lists send their full count in a header, so the body keeps the spec's shape. */
export function sendTotal(reply: FastifyReply, total: number, paged: boolean): void {
  if (paged) reply.header(TOTAL_COUNT_HEADER, String(total));
}

export const isPaged = (q: { page?: number; perPage?: number }) => Boolean(q.page || q.perPage);

/** Said in the OpenAPI document of the lists that always answer one page. */
export const ALWAYS_PAGED_NOTE =
  'Always one page (page 1 of 25 rows unless page and perPage say otherwise); the X-Total-Count response header carries the number of matching rows.';
