import type { PageContext } from '../shared/extractedPost';
import type { SaveState } from '../shared/messages';
import type { PlatformReader } from './platformReader';
import { CONTROL_TAG, createSaveControl, type ControlState, type SaveControl } from './saveControl';
import type { WorkerPort } from './workerPort';

export interface TimelineOptions {
  reader: PlatformReader;
  worker: WorkerPort;
  /** The page as the reader sees it now: a single-page app changes its address without reloading. */
  page(): PageContext;
}

export interface Timeline {
  /** The control on a post, if it has one. */
  controlOf(post: Element): SaveControl | undefined;
  /** A save made elsewhere (the popup, the context menu) ended this way: the post's controls show it. */
  follow(state: SaveState): void;
  /** Handles mutations the observer holds but has not reported yet (tests and the benchmark). */
  flush(): void;
  stop(): void;
}

/** How often a control showing "Pending" asks whether its save went through. */
export const PENDING_RECHECK_MS = 5000;

/** A post read once: its control, or null when it is not offered one (an ad, a placeholder without a permalink). */
type Seen = SaveControl | null;

/**
 * One MutationObserver for the page. Each batch (the observer reports once per microtask checkpoint, before the
 * next paint, so a new post never shows without its control) finds the posts under the added subtrees, gives each
 * one control, and asks the worker once which of the batch's permalinks are saved already.
 */
export function observeTimeline({ reader, worker, page }: TimelineOptions): Timeline {
  const doc = page().document;
  const seen = new WeakMap<Element, Seen>();
  const controls = new WeakMap<Element, SaveControl>();

  /** The nearest post already read that holds `node` (a quoted post, or new content inside a post). */
  function postAround(node: Node | null): Element | null {
    for (
      let el = node?.nodeType === 1 ? (node as Element) : (node?.parentElement ?? null);
      el;
      el = el.parentElement
    )
      if (seen.has(el)) return el;
    return null;
  }

  function allControls(): SaveControl[] {
    const found: SaveControl[] = [];
    for (const host of doc.querySelectorAll(CONTROL_TAG)) {
      const control = controls.get(host);
      if (control) found.push(control);
    }
    return found;
  }
  const controlsFor = (url: string) => allControls().filter((c) => c.url === url);

  /** Puts the control after the reader's anchor, inside the post; a copy left by an earlier script goes. */
  function place(post: Element, host: HTMLElement) {
    for (const stale of post.querySelectorAll(CONTROL_TAG)) if (!controls.has(stale)) stale.remove();
    const anchor = reader.controlAnchor(post);
    if (anchor === post || !post.contains(anchor)) post.append(host);
    else if (opensLine(anchor)) anchor.append(host);
    else anchor.after(host);
  }

  /** Gives `post` its control; returns its permalink, or null when it gets none. */
  function adopt(post: Element): string | null {
    const data = reader.extract(post, page());
    if (!data) {
      seen.set(post, null);
      return null;
    }
    const control: SaveControl = createSaveControl(doc, {
      save: () => void save(post, control),
      remove: () => void remove(control),
    });
    control.url = data.url;
    controls.set(control.host, control);
    seen.set(post, control);
    place(post, control.host);
    return data.url;
  }

  async function save(post: Element, control: SaveControl) {
    control.show({ state: 'saving' });
    try {
      await reader.expand?.(post);
      const data = reader.extract(post, page());
      if (!data)
        throw new Error('This post can no longer be read from the page. Reload the page and try again.');
      const answer = await worker.save(data);
      for (const other of controlsFor(answer.url))
        if (other !== control && (answer.state === 'saved' || answer.state === 'pending')) other.show(answer);
      control.show(answer);
      if (answer.state === 'pending') watchPending();
    } catch (err) {
      control.show({ state: 'error', url: control.url, message: (err as Error).message });
    }
  }

  async function remove(control: SaveControl) {
    const before: SaveState = { state: control.state === 'pending' ? 'pending' : 'saved', url: control.url };
    control.show({ state: 'removing' });
    try {
      await worker.remove(control.url);
      for (const other of controlsFor(control.url)) other.show({ state: 'idle' });
      control.show({ state: 'idle' });
    } catch (err) {
      control.show(before);
      control.notify((err as Error).message);
    }
  }

  /** Asks the worker where these posts stand; controls in one of `from` states show the answer. */
  async function showSavedState(urls: string[], from: readonly ControlState[] = ['idle']) {
    let answer;
    try {
      answer = await worker.savedState([...new Set(urls)]);
    } catch {
      return; // the controls stay as they are; a click will tell the user what is wrong
    }
    const states = new Map<string, SaveState>();
    for (const url of answer.pending) states.set(url, { state: 'pending', url });
    for (const url of answer.saved) states.set(url, { state: 'saved', url });
    for (const control of allControls()) {
      const state = states.get(control.url);
      if (state && state.state !== control.state && from.includes(control.state)) control.show(state);
    }
    if (answer.pending.length) watchPending();
  }

  // A pending save is sent by the worker when the network returns; while a control shows one, it asks now and
  // then whether it went through, so the control turns "Saved" without a reload.
  let pendingTimer: ReturnType<typeof setTimeout> | undefined;
  function watchPending() {
    if (pendingTimer !== undefined) return;
    const pendingUrls = () =>
      allControls()
        .filter((c) => c.state === 'pending')
        .map((c) => c.url);
    pendingTimer = setTimeout(async () => {
      pendingTimer = undefined;
      if (!pendingUrls().length) return;
      await showSavedState(pendingUrls(), ['pending']);
      if (pendingUrls().length) watchPending();
    }, PENDING_RECHECK_MS);
  }

  /** One batch: posts under `roots`, and posts already read that changed inside. */
  function handle(roots: Iterable<Node>, changed: Iterable<Element>) {
    const urls: string[] = [];
    const current = page();
    for (const post of changed) {
      const control = seen.get(post);
      if (control === null) {
        // A placeholder filled in later becomes a post; an ad stays null and costs one read per change.
        seen.delete(post);
        const url = adopt(post);
        if (url) urls.push(url);
      } else if (control && !post.contains(control.host)) place(post, control.host); // the site re-rendered its bar
    }
    for (const root of roots) {
      for (const post of reader.findPosts(root as ParentNode, current)) {
        if (seen.has(post) || postAround(post.parentElement)) continue;
        const url = adopt(post);
        if (url) urls.push(url);
      }
    }
    if (urls.length) void showSavedState(urls);
  }

  function onMutations(records: MutationRecord[]) {
    const roots = new Set<Node>();
    const changed = new Set<Element>();
    let lastTarget: Node | null = null;
    let lastPost: Element | null = null;
    for (const record of records) {
      if (!record.addedNodes.length) continue;
      // Records of one batch often share a target: look its post up once.
      if (record.target !== lastTarget) {
        lastTarget = record.target;
        lastPost = postAround(record.target);
      }
      if (lastPost) {
        if (!isOwnHostOnly(record)) changed.add(lastPost);
        continue;
      }
      for (const node of record.addedNodes) if (node.nodeType === 1 && node.isConnected) roots.add(node);
    }
    if (roots.size || changed.size) handle(roots, changed);
  }

  const observer = new MutationObserver(onMutations);
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  handle([doc], []);

  return {
    controlOf: (post) => seen.get(post) ?? undefined,
    follow(state) {
      for (const control of controlsFor(state.url))
        if (control.state !== 'saving' && control.state !== 'removing') control.show(state);
    },
    flush: () => onMutations(observer.takeRecords()),
    stop() {
      observer.disconnect();
      clearTimeout(pendingTimer);
    },
  };
}

/** Elements a control must never go into: it would be a button inside a button, or not shown at all. */
const CLOSED = 'a, button, img, svg, input, select, textarea, video, audio, iframe, canvas, picture, label';

/**
 * True when the control, put right after `anchor`, would open a line of its own (a block after a block, in a
 * block container) and push what follows down; then it goes inside the anchor, at the end of its last line.
 * In a flex or grid row, or after inline content, it takes its width on the row and adds no height.
 */
function opensLine(anchor: Element): boolean {
  const parent = anchor.parentElement;
  if (!parent || anchor.matches(CLOSED)) return false;
  const view = anchor.ownerDocument.defaultView;
  if (!view) return false;
  if (/flex|grid/.test(view.getComputedStyle(parent).display)) return false;
  const display = view.getComputedStyle(anchor).display;
  return !display.startsWith('inline') && display !== 'contents' && display !== 'none';
}

/** A record that only adds our own control (our insertion, reported back to us). */
function isOwnHostOnly(record: MutationRecord): boolean {
  for (const node of record.addedNodes) if ((node as Element).localName !== CONTROL_TAG) return false;
  return true;
}
