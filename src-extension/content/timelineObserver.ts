import type { PageContext } from '../shared/extractedPost';
import type { SaveState } from '../shared/messages';
import type { PlatformReader } from './platformReader';
import { controlPlacer, type Placement } from './controlPlacement';
import { viewportGate } from './nearViewport';
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

/** How many posts of a batch get their controls at once; the others when they come near the viewport. */
export const EAGER_POSTS = 12;

/** A post found and not read yet: far from the viewport when its batch came. */
const WAITING = Symbol('waiting');
/**
 * A post seen: its control; null when it is not offered one (an ad, a placeholder without a permalink); or
 * WAITING.
 */
type Seen = SaveControl | null | typeof WAITING;

/**
 * One MutationObserver for the page. Each batch (the observer reports once per microtask checkpoint, before the
 * next paint, so a new post next to where the batch was added never shows without its control) finds the posts
 * under the added subtrees, gives the first of them their controls and the rest as they come near the viewport,
 * and asks the worker once per batch which of the permalinks are saved already.
 */
export function observeTimeline({ reader, worker, page }: TimelineOptions): Timeline {
  const doc = page().document;
  const seen = new WeakMap<Element, Seen>();
  const controls = new WeakMap<Element, SaveControl>();
  const place = controlPlacer(reader, (host) => controls.has(host));

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

  /** Makes `post`'s control (placed later, with the batch's); null when the post gets none. */
  function adopt(post: Element, current: PageContext): SaveControl | null {
    const data = reader.extract(post, current);
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
    return control;
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

  /**
   * Asks the worker where these controls' posts stand; those in one of `from` states show the answer. Only the
   * controls asked about: a batch never walks the whole page's controls.
   */
  async function showSavedState(targets: SaveControl[], from: readonly ControlState[] = ['idle']) {
    let answer;
    try {
      answer = await worker.savedState([...new Set(targets.map((c) => c.url))]);
    } catch {
      return; // the controls stay as they are; a click will tell the user what is wrong
    }
    const states = new Map<string, SaveState>();
    for (const url of answer.pending) states.set(url, { state: 'pending', url });
    for (const url of answer.saved) states.set(url, { state: 'saved', url });
    for (const control of targets) {
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
    const pending = () => allControls().filter((c) => c.state === 'pending');
    pendingTimer = setTimeout(async () => {
      pendingTimer = undefined;
      if (!pending().length) return;
      await showSavedState(pending(), ['pending']);
      if (pending().length) watchPending();
    }, PENDING_RECHECK_MS);
  }

  /** Gives these posts their controls (one read of the page, then one write), and asks where they stand. */
  function settle(posts: Element[], moved: Placement[] = []) {
    const current = page();
    const toPlace = [...moved];
    for (const post of posts) {
      const control = adopt(post, current);
      if (control) toPlace.push({ post, host: control.host });
    }
    if (!toPlace.length) return;
    place(toPlace);
    const fresh = toPlace.filter(({ post }) => !moved.some((m) => m.post === post));
    if (fresh.length) void showSavedState(fresh.map(({ host }) => controls.get(host)!));
  }

  const gate = viewportGate((near) => settle(near.filter((post) => seen.get(post) === WAITING)));

  /** One batch: posts under `roots`, and posts already read that changed inside. */
  function handle(roots: Iterable<Node>, changed: Iterable<Element>) {
    const current = page();
    const found = new Set<Element>();
    const moved: Placement[] = [];
    for (const post of changed) {
      const control = seen.get(post);
      // A placeholder filled in later becomes a post; an ad stays null and costs one read per change.
      if (control === null) found.add(post);
      else if (control && control !== WAITING && !post.contains(control.host))
        moved.push({ post, host: control.host }); // the site re-rendered the post's action bar
    }
    for (const root of roots)
      for (const post of reader.findPosts(root as ParentNode, current))
        if (!seen.has(post) && !postAround(post.parentElement)) found.add(post);
    // The first posts of a batch are the ones next to where it was added; the others wait until they are near.
    const posts = [...found];
    const later = gate ? posts.slice(EAGER_POSTS) : [];
    for (const post of later) seen.set(post, WAITING);
    gate?.defer(later);
    settle(gate ? posts.slice(0, EAGER_POSTS) : posts, moved);
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
    controlOf(post) {
      const control = seen.get(post);
      return control && control !== WAITING ? control : undefined;
    },
    follow(state) {
      for (const control of controlsFor(state.url))
        if (control.state !== 'saving' && control.state !== 'removing') control.show(state);
    },
    flush: () => onMutations(observer.takeRecords()),
    stop() {
      observer.disconnect();
      gate?.stop();
      clearTimeout(pendingTimer);
    },
  };
}

/** A record that only adds our own control (our insertion, reported back to us). */
function isOwnHostOnly(record: MutationRecord): boolean {
  for (const node of record.addedNodes) if ((node as Element).localName !== CONTROL_TAG) return false;
  return true;
}
