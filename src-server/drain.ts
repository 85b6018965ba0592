import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a stopping process knows about its own traffic (docs/deploy.md, rolling deploys): whether it is draining,
 * and how many requests its handlers are still working on.
 */
export interface DrainState {
  /** Set on SIGTERM: readiness answers 503 and every answer closes its connection. */
  draining: boolean;
  /** Requests whose handler has not answered yet, including those whose client already hung up. */
  inFlight: number;
  /** When the last request arrived, so the drain knows when its connections have gone quiet. */
  lastRequestAt: number;
  /** Requests answered since draining began. */
  answeredWhileDraining: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: DrainState;
  }
}

const counted = Symbol('counted in flight');
type Counted = FastifyRequest & { [counted]?: boolean };

/**
 * Counts requests from arrival to answer and, while draining, closes each connection behind its answer. The
 * count ends at onSend, not when the socket closes: a handler whose client hung up is still writing to the
 * database, and the database must not close under it.
 */
export function registerDrain(app: FastifyInstance): void {
  const state: DrainState = { draining: false, inFlight: 0, lastRequestAt: 0, answeredWhileDraining: 0 };
  app.decorate('drain', state);
  const done = (request: Counted) => {
    if (!request[counted]) return;
    request[counted] = false;
    state.inFlight -= 1;
    if (state.draining) state.answeredWhileDraining += 1;
  };
  app.addHook('onRequest', async (request: Counted) => {
    request[counted] = true;
    state.inFlight += 1;
    state.lastRequestAt = Date.now();
  });
  app.addHook('onSend', async (request: Counted, reply: FastifyReply) => {
    // Node closes the socket after an answer that says so; the proxy then opens a connection elsewhere.
    if (state.draining) reply.header('connection', 'close');
    done(request);
  });
  // A request that never reached onSend (an aborted upload) still ends here.
  app.addHook('onResponse', async (request: Counted) => done(request));
}
