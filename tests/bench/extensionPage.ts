import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';

// What the extension bench measures inside Chromium: the pages' own main world watches the Save controls the
// content script (an isolated world of the same page) adds, through their open shadow roots.

/** Chromium with `extensionDir` loaded (none: the same browser without it, for the baseline). */
export async function launchBrowser(
  args: string[],
  extensionDir?: string,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'postkeeper-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless=new',
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      ...(extensionDir
        ? [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`]
        : []),
      ...args,
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface TimelineFigures {
  /** The content script's MutationObserver batch for the new posts (script only), ms. */
  batchMs: number;
  /** From the insertion to the end of the next frame: script, style, layout and paint of the posts, ms. */
  frameMs: number;
  /** Controls present on the new posts when the batch was timed (100 when the content script ran first). */
  controls: number;
}

/**
 * Appends `count` new posts to the X timeline in one task, as an infinite timeline does: copies of its first
 * organic post under new permalinks (`batch` makes them differ from an earlier batch's). A MutationObserver of the page made after the content script's is called right
 * after it in the same checkpoint, so the time from the insertion to that call is the content script's batch.
 */
export function addTimelinePosts(page: Page, count: number, batch = 0): Promise<TimelineFigures> {
  return page.evaluate(
    async ([n, b]) => {
      const first = document
        .querySelector('article[data-testid="tweet"]')!
        .closest('[data-testid="cellInnerDiv"]')!;
      const cells = Array.from({ length: n }, (_, i) => {
        const cell = first.cloneNode(true) as Element;
        for (const stale of cell.querySelectorAll('postkeeper-save')) stale.remove();
        for (const a of cell.querySelectorAll<HTMLAnchorElement>('a[href*="/status/"]'))
          a.href = a.href.replace(/\/status\/\d+/, `/status/18${String(b * 1000 + i).padStart(17, '0')}`);
        return cell;
      });
      let batchEnd = 0;
      let controls = 0;
      const probe = new MutationObserver(() => {
        if (batchEnd) return;
        batchEnd = performance.now();
        controls = cells.filter((c) => c.querySelector('postkeeper-save')).length;
      });
      probe.observe(document.body, { childList: true, subtree: true });
      const start = performance.now();
      first.parentElement!.append(...cells);
      const inserted = performance.now();
      // After the next frame is drawn: a message posted from requestAnimationFrame arrives after the paint.
      const frameEnd = await new Promise<number>((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(null);
        }),
      );
      probe.disconnect();
      return { batchMs: batchEnd - inserted, frameMs: frameEnd - start, controls };
    },
    [count, batch] as const,
  );
}

/**
 * Clicks the first Save control under `postSelector` and returns the time until the control reads "Saved", up to
 * the frame that shows it.
 */
export function clickToSaved(page: Page, postSelector: string, index: number): Promise<number> {
  return page.evaluate(
    ([selector, i]) => {
      const host = document.querySelectorAll(`${selector} postkeeper-save`)[i];
      const button = host.shadowRoot!.querySelector('button')!;
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "Saved" on ${selector}`)), 10_000);
        let start = 0;
        const watch = new MutationObserver(() => {
          if (button.getAttribute('aria-label') !== 'Saved to Postkeeper') return;
          watch.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        watch.observe(host.shadowRoot!, { subtree: true, attributes: true, childList: true });
        start = performance.now();
        button.click();
      });
    },
    [postSelector, index] as const,
  );
}

/** Scrolls the page to its end a screen at a time, a frame or two per screen, as a reader flicking through. */
export function scrollToEnd(page: Page): Promise<void> {
  // A string, not a function: the bench runs through tsx, whose helpers a function's text would name.
  return page.evaluate(`(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1) {
      window.scrollBy(0, window.innerHeight);
      await frame();
    }
    await frame();
  })()`);
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  args?: { data?: { url?: string; scriptName?: string } };
}

/**
 * The main-thread time of the content script's code while `act` runs: the script's top-level calls (its
 * MutationObserver and IntersectionObserver callbacks, its event handlers) from Chromium's trace, in ms.
 */
export async function contentScriptTime(
  context: BrowserContext,
  page: Page,
  act: () => Promise<void>,
): Promise<number> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await act();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const ours = (e: TraceEvent) =>
    /\/content\/[a-z]+\.js$/.test(e.args?.data?.url ?? e.args?.data?.scriptName ?? '');
  return (
    events
      .filter((e) => e.ph === 'X' && e.name === 'FunctionCall' && ours(e))
      .reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000
  );
}
