import { PRODUCT_NAME } from '../../src/config';
import type { SaveState } from '../shared/messages';
import { CONTROL_CSS } from './saveControlStyle';

/** The host element's tag: a custom element name, so no page rule written for `span` or `div` reaches it. */
export const CONTROL_TAG = 'postkeeper-save';

/** What the control shows: the worker's answer for a save, or the control's own states around it. */
export type ControlView = { state: 'idle' } | { state: 'saving' } | { state: 'removing' } | SaveState;
export type ControlState = ControlView['state'];

/**
 * Visible text and accessible name per state. Instagram and Pinterest have Save buttons of their own, so the name
 * says whose Save this is; it starts with the visible text, so voice control users can say what they see.
 */
export const CONTROL_TEXT: Record<ControlState, { text: string; name: string }> = {
  idle: { text: 'Save', name: `Save to ${PRODUCT_NAME}` },
  saving: { text: 'Saving…', name: `Saving to ${PRODUCT_NAME}` },
  saved: { text: 'Saved', name: `Saved to ${PRODUCT_NAME}` },
  removing: { text: 'Removing…', name: `Removing from ${PRODUCT_NAME}` },
  pending: { text: 'Pending', name: `Pending: saves to ${PRODUCT_NAME} when back online` },
  quota: { text: 'Not saved', name: `Not saved to ${PRODUCT_NAME}` },
  error: { text: 'Not saved', name: `Not saved to ${PRODUCT_NAME}` },
};
export const REMOVE_TEXT = `Remove from ${PRODUCT_NAME}`;
export const UPGRADE_TEXT = 'Upgrade';

/** What a click asks for; the timeline runtime does it and then calls `show` with the outcome. */
export interface ControlActions {
  save(): void;
  remove(): void;
}

export interface SaveControl {
  /** The element inserted into the page (its shadow root is open, so tests and assistive tools can reach in). */
  readonly host: HTMLElement;
  readonly state: ControlState;
  /** The post's permalink, once known. */
  url: string;
  show(view: ControlView): void;
  /** A short message beside the control (e.g. a removal that failed), without changing its state. */
  notify(message: string): void;
}

// Events stop at the host: a post is often one big link or click target (X opens the post on any click inside
// it), and sites bind keyboard shortcuts on the document.
const CONTAINED_EVENTS = [
  'click',
  'dblclick',
  'auxclick',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
  'keypress',
  'contextmenu',
] as const;

const ICON =
  '<svg class="icon" viewBox="0 0 12 15" aria-hidden="true" focusable="false"><path d="M1.5 1.5h9v12l-4.5-3.2-4.5 3.2z"/></svg>';

/**
 * Popovers (top layer, light dismiss, Escape) where the browser has them; elsewhere a closed one is simply out of
 * the tree.
 */
function setOpen(pop: HTMLElement, open: boolean, root: ShadowRoot): void {
  if (pop.popover) {
    if (open !== pop.matches(':popover-open')) {
      if (open) pop.showPopover();
      else pop.hidePopover();
    }
  } else if (open) root.append(pop);
  else pop.remove();
}
const isOpen = (pop: HTMLElement) => (pop.popover ? pop.matches(':popover-open') : pop.isConnected);

/**
 * The Save control: a real `<button>` in an open shadow root, so the site's styles neither break it nor are
 * broken by it. A click saves; on a saved (or pending) post it opens a small menu with Remove. A quota or error
 * answer opens a message beside it (with an Upgrade link for the quota), which the button also names as its
 * description.
 */
export function createSaveControl(doc: Document, actions: ControlActions): SaveControl {
  const host = doc.createElement(CONTROL_TAG);
  const root = host.attachShadow({ mode: 'open' });
  const uid = Math.random().toString(36).slice(2, 10);
  root.innerHTML = `<style>${CONTROL_CSS}</style><button type="button" class="save">${ICON}<span class="label"></span></button><div class="pop" id="menu-${uid}"><button type="button" class="remove">${REMOVE_TEXT}</button></div><div class="pop" id="note-${uid}" role="status"><p class="message"></p><p class="upgrade"><a target="_blank" rel="noopener noreferrer">${UPGRADE_TEXT}</a></p></div>`;
  const q = <T extends Element>(selector: string) => root.querySelector(selector) as T;
  const button = q<HTMLButtonElement>('.save');
  const label = q<HTMLSpanElement>('.label');
  const menu = q<HTMLDivElement>('.pop[id^=menu]');
  const removeButton = q<HTMLButtonElement>('.remove');
  const note = q<HTMLDivElement>('.pop[id^=note]');
  const message = q<HTMLParagraphElement>('.message');
  const upgrade = q<HTMLParagraphElement>('.upgrade');
  const upgradeLink = q<HTMLAnchorElement>('.upgrade a');
  for (const pop of [menu, note])
    if (typeof pop.showPopover === 'function') pop.popover = 'auto';
    else pop.remove();
  message.id = `message-${uid}`;

  for (const type of CONTAINED_EVENTS) host.addEventListener(type, (e) => e.stopPropagation());

  let state: ControlState = 'idle';
  const control: SaveControl = {
    host,
    url: '',
    get state() {
      return state;
    },
    show(view) {
      state = view.state;
      if ('url' in view) control.url = view.url;
      button.dataset.state = state;
      label.textContent = CONTROL_TEXT[state].text;
      button.setAttribute('aria-label', CONTROL_TEXT[state].name);
      button.setAttribute('aria-busy', String(state === 'saving' || state === 'removing'));
      const offersMenu = state === 'saved' || state === 'pending';
      if (offersMenu) {
        button.setAttribute('aria-controls', menu.id);
        button.setAttribute('aria-expanded', String(isOpen(menu)));
      } else {
        button.removeAttribute('aria-controls');
        button.removeAttribute('aria-expanded');
        setOpen(menu, false, root);
      }
      if (view.state === 'quota' || view.state === 'error') {
        showNote(view.message, view.state === 'quota' ? view.upgradeUrl : null);
      } else {
        button.removeAttribute('aria-describedby');
        setOpen(note, false, root);
      }
    },
    notify(text) {
      showNote(text, null);
    },
  };

  function showNote(text: string, upgradeUrl: string | null) {
    message.textContent = text;
    if (upgradeUrl) {
      upgradeLink.href = upgradeUrl;
      note.append(upgrade);
    } else upgrade.remove();
    button.setAttribute('aria-describedby', message.id);
    setOpen(menu, false, root);
    if (host.isConnected) setOpen(note, true, root);
  }

  button.addEventListener('click', () => {
    if (state === 'saving' || state === 'removing') return;
    if (state === 'saved' || state === 'pending') {
      const open = !isOpen(menu);
      setOpen(menu, open, root);
      button.setAttribute('aria-expanded', String(open));
      if (open) removeButton.focus();
      return;
    }
    actions.save();
  });
  menu.addEventListener('toggle', () => button.setAttribute('aria-expanded', String(isOpen(menu))));
  removeButton.addEventListener('click', () => {
    setOpen(menu, false, root);
    button.focus();
    actions.remove();
  });
  // Escape closes an open menu or message and gives focus back to the button (the popover's own Escape closes it
  // too where the browser has popovers; focus returns here either way).
  root.addEventListener('keydown', (e) => {
    const event = e as KeyboardEvent;
    if (event.key !== 'Escape' || (!isOpen(menu) && !isOpen(note))) return;
    setOpen(menu, false, root);
    setOpen(note, false, root);
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  });

  control.show({ state: 'idle' });
  return control;
}
