import { CONTROL_CSS } from './saveControlStyle';

// The parts of a Save control that are made once and shared, or made only when needed: a page can hold hundreds of
// controls, and a timeline adds them in batches (`npm run bench:extension` measures the cost).

let sharedSheet: CSSStyleSheet | undefined;

/** The control's stylesheet in its shadow root: one parsed sheet adopted by every control of the page. */
export function adoptControlStyles(root: ShadowRoot): void {
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    sharedSheet ??= new CSSStyleSheet();
    if (!sharedSheet.cssRules.length) sharedSheet.replaceSync(CONTROL_CSS);
    root.adoptedStyleSheets = [sharedSheet];
    return;
  }
  const style = root.ownerDocument.createElement('style');
  style.textContent = CONTROL_CSS;
  root.prepend(style);
}

const templates = new WeakMap<Document, HTMLTemplateElement>();

/** A copy of `html`, parsed once per document (cloning is much cheaper than parsing per control). */
export function cloneMarkup(doc: Document, html: string): DocumentFragment {
  let template = templates.get(doc);
  if (!template || template.dataset.html !== html) {
    template = doc.createElement('template');
    template.innerHTML = html;
    template.dataset.html = html;
    templates.set(doc, template);
  }
  return template.content.cloneNode(true) as DocumentFragment;
}

export interface LazyPopover {
  readonly id: string;
  /** The element, made on first use. */
  element(): HTMLDivElement;
  isOpen(): boolean;
  setOpen(open: boolean): void;
}

/**
 * A popover of the control (the Remove menu, a message), made the first time it is needed. Where the browser has
 * popovers it lives in the top layer (no clipping by the post, light dismiss and Escape for free); elsewhere a
 * closed one is simply out of the tree.
 */
export function lazyPopover(root: ShadowRoot, id: string, fill: (el: HTMLDivElement) => void): LazyPopover {
  let el: HTMLDivElement | undefined;
  const native = (e: HTMLElement) => Boolean(e.popover);
  const pop: LazyPopover = {
    id,
    element() {
      if (el) return el;
      el = root.ownerDocument.createElement('div');
      el.className = 'pop';
      el.id = id;
      fill(el);
      if (typeof el.showPopover === 'function') {
        el.popover = 'auto';
        root.append(el);
      }
      return el;
    },
    isOpen: () => Boolean(el) && (native(el!) ? el!.matches(':popover-open') : el!.isConnected),
    setOpen(open) {
      if (!open && !el) return;
      const e = pop.element();
      if (open === pop.isOpen()) return;
      if (native(e)) {
        if (open && !root.host.isConnected) return;
        if (open) e.showPopover();
        else e.hidePopover();
      } else if (open) root.append(e);
      else e.remove();
    },
  };
  return pop;
}
