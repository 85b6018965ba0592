/**
 * The wait after the `attempts`-th failed try of a save, an image or AI work: 30 s, twice as long each time, at
 * most 10 min. Short enough that a save is sent soon after the network comes back while the worker lives (the
 * worker also tries at each start and on `online`); long enough not to hammer a failing server.
 */
export function retryWait(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}
