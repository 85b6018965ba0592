import type { PlatformReader } from './platformReader';
import { CONTROL_TAG } from './saveControl';

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

export interface Placement {
  post: Element;
  host: HTMLElement;
}

/**
 * Puts controls into their posts, at the reader's anchor. A batch first reads every anchor, then inserts every
 * control, so the browser never computes the page's styles again between two posts. Whether a control opens a
 * line after an anchor depends on the styles of the anchor and its parent; reading them makes the browser compute
 * the page's pending styles, so the answer is kept per kind of anchor (its and its parent's tag and classes): a
 * timeline repeats one structure, and its later batches read no style at all.
 */
export function controlPlacer(reader: PlatformReader, isOurs: (host: Element) => boolean) {
  const answers = new Map<string, boolean>();
  function opensLineHere(anchor: Element): boolean {
    const parent = anchor.parentElement;
    const key = `${parent?.localName}.${parent?.getAttribute('class')}>${anchor.localName}.${anchor.getAttribute('class')}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size > 500) answers.clear();
      answer = opensLine(anchor);
      answers.set(key, answer);
    }
    return answer;
  }

  return function place(items: Placement[]): void {
    const spots = items.map(({ post }) => {
      // A copy left by an earlier run of this script (the extension reloaded, or a copied post) goes first: the
      // reader could take it for the anchor.
      for (const stale of [...post.getElementsByTagName(CONTROL_TAG)]) if (!isOurs(stale)) stale.remove();
      const anchor = reader.controlAnchor(post);
      if (anchor === post || !post.contains(anchor)) return { at: post, inside: true };
      return { at: anchor, inside: opensLineHere(anchor) };
    });
    items.forEach(({ host }, i) => {
      const { at, inside } = spots[i];
      if (inside) at.append(host);
      else at.after(host);
    });
  };
}
