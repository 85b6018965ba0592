// How much work a signed-in console screen does while it opens, in plain Chromium at a phone's viewport and
// without CPU slowdown: the React components rendered (counted through React's DevTools hook, which the
// production build also calls) and the main thread's long tasks. Lighthouse's blocking time multiplies the
// same tasks by its 4× CPU slowdown and moves a lot from machine to machine; these two figures move less, so a
// change in rendering shows here first (docs/PERFORMANCE.md#lighter-rows).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';
import { median } from './figures';

/**
 * Browser code, as text so that no build step rewrites it. A component counts as rendered in a commit when
 * React ran it then (its PerformedWork flag, 1) or mounted it; a subtree React skipped keeps its child
 * pointer, so the walk does not enter it.
 */
const PROBE = `
window.__opening = { components: 0, commits: 0, longTasks: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__opening.longTasks.push(e.duration);
}).observe({ type: 'longtask', buffered: true });
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true, isDisabled: false, renderers: new Map(),
  inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
  onCommitFiberRoot(_id, root) {
    let n = 0;
    const isComponent = (f) => typeof f.type === 'function' || (typeof f.type === 'object' && f.type !== null);
    const mounted = (f) => { for (; f; f = f.sibling) { if (isComponent(f)) n++; mounted(f.child); } };
    const walk = (f) => {
      for (; f; f = f.sibling) {
        const before = f.alternate;
        if (!before) { if (isComponent(f)) n++; mounted(f.child); continue; }
        if (isComponent(f) && f.flags & 1) n++;
        if (f.child !== before.child) walk(f.child);
      }
    };
    walk(root.current.child);
    window.__opening.components += n;
    window.__opening.commits += 1;
  },
};`;

export interface OpeningWork {
  components: number;
  commits: number;
  /** Sum of the long tasks' time past 50 ms each: blocking time without a CPU slowdown. */
  blockingMs: number;
  longTaskMs: number;
}

/** Opens `path` `runs` times, each in a fresh context, and gives the median of each figure. */
export async function openingWork(
  base: string,
  path: string,
  token: string,
  ready: string,
  runs = 5,
): Promise<OpeningWork> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const seen: OpeningWork[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
      await context.addInitScript({ content: PROBE });
      const page = await context.newPage();
      await page.goto(base + path);
      await page.locator(ready).first().waitFor({ timeout: 60_000 });
      // What the screen does once its rows are in (measuring, second passes) belongs to opening it too.
      await page.waitForTimeout(3000);
      const o = await page.evaluate(
        () =>
          (window as unknown as { __opening: { components: number; commits: number; longTasks: number[] } })
            .__opening,
      );
      seen.push({
        components: o.components,
        commits: o.commits,
        blockingMs: o.longTasks.reduce((s, d) => s + Math.max(0, d - 50), 0),
        longTaskMs: o.longTasks.reduce((s, d) => s + d, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    components: median(seen.map((s) => s.components)),
    commits: median(seen.map((s) => s.commits)),
    blockingMs: median(seen.map((s) => s.blockingMs)),
    longTaskMs: median(seen.map((s) => s.longTaskMs)),
  };
}
