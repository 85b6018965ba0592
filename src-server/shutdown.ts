import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long the connections must stay without a new request before the idle ones are closed. Closing an idle
 * keep-alive connection races a proxy that is just sending a request on it (a POST lost that way is not resent),
 * so they are closed only once the proxy has stopped using them: each request that still comes is answered
 * with `Connection: close`, and the proxy's new connections are refused, which it retries elsewhere.
 */
export const QUIET_MS = 1000;
const POLL_MS = 50;

export interface ShutdownReport {
  /** Requests answered after SIGTERM (they arrived on connections opened before it). */
  answered: number;
  /** Requests still unanswered when the grace period ended (their connections were cut). */
  cut: number;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shutdown sequence (docs/deploy.md, rolling deploys): stop accepting connections, answer what arrives on the
 * open ones and close each behind its answer, stop the jobs (a run finishes or hands its work back), then close
 * the app (Redis) and the database. `graceMs` bounds the draining; whatever is unanswered then is cut.
 */
export async function shutdown(
  app: FastifyInstance,
  closeDatabase: () => Promise<void>,
  graceMs: number,
): Promise<ShutdownReport> {
  const t0 = Date.now();
  const state = app.drain;
  state.draining = true;
  // http.Server#close would also close the idle connections at once; net.Server's only stops listening.
  if (app.server.listening) Server.prototype.close.call(app.server);
  // No new run starts from here; a run in progress is told to stop at its next safe point.
  const jobsStopped = app.ctx.jobs.stop();
  const deadline = t0 + graceMs;
  let cut = 0;
  for (;;) {
    const connections = await openConnections(app);
    const quiet = state.inFlight === 0 && Date.now() - Math.max(state.lastRequestAt, t0) >= QUIET_MS;
    if (connections === 0 && state.inFlight === 0) break;
    if (quiet) app.server.closeIdleConnections();
    if (Date.now() >= deadline) {
      cut = state.inFlight;
      app.server.closeAllConnections();
      break;
    }
    await sleep(POLL_MS);
  }
  await jobsStopped;
  // Fastify's own close: its onClose hooks stop the runner (already stopped) and quit Redis.
  await app.close();
  await closeDatabase();
  return { answered: state.answeredWhileDraining, cut, ms: Date.now() - t0 };
}

function openConnections(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n)));
}
