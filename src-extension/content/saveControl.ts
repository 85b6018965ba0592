import { PRODUCT_NAME } from '../../src/config';
import type { SaveState } from '../shared/messages';
import { adoptControlStyles, cloneMarkup, lazyPopover } from './controlParts';

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

// The idle state is in the markup: a new control costs a copy of it, without a round of attribute changes.
const BUTTON_HTML = `<button type="button" class="save" data-state="idle" aria-label="${CONTROL_TEXT.idle.name}" aria-busy="false"><svg class="icon" viewBox="0 0 12 15" aria-hidden="true" focusable="false"><path d="M1.5 1.5h9v12l-4.5-3.2-4.5 3.2z"/></svg><span class="label">${CONTROL_TEXT.idle.text}</span></button>`;
const NOTE_HTML = `<p class="message"></p><p class="upgrade"><a target="_blank" rel="noopener noreferrer">${UPGRADE_TEXT}</a></p>`;

let controlCount = 0;

/**
 * The Save control: a real `<button>` in an open shadow root, so the site's styles neither break it nor are
 * broken by it. A click saves; on a saved (or pending) post it opens a small menu with Remove. A quota or error
 * answer opens a message beside it (with an Upgrade link for the quota), which the button also names as its
 * description.
 */
export function createSaveControl(doc: Document, actions: ControlActions): SaveControl {
  const host = doc.createElement(CONTROL_TAG);
  const root = host.attachShadow({ mode: 'open' });
  adoptControlStyles(root);
  root.append(cloneMarkup(doc, BUTTON_HTML));
  const uid = `postkeeper-${++controlCount}`;
  const button = root.querySelector('button') as HTMLButtonElement;
  const label = button.lastElementChild as HTMLSpanElement;

  const menu = lazyPopover(root, `${uid}-menu`, (el) => {
    const remove = doc.createElement('button');
    remove.type = 'button';
    remove.textContent = REMOVE_TEXT;
    remove.addEventListener('click', () => {
      menu.setOpen(false);
      button.focus();
      actions.remove();
    });
    el.append(remove);
    el.addEventListener('toggle', () => button.setAttribute('aria-expanded', String(menu.isOpen())));
  });
  const note = lazyPopover(root, `${uid}-note`, (el) => {
    el.setAttribute('role', 'status');
    el.append(cloneMarkup(doc, NOTE_HTML));
    el.querySelector('.message')!.id = `${uid}-message`;
  });

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
      if (state === 'saved' || state === 'pending') {
        button.setAttribute('aria-controls', menu.id);
        button.setAttribute('aria-expanded', String(menu.isOpen()));
      } else {
        button.removeAttribute('aria-controls');
        button.removeAttribute('aria-expanded');
        menu.setOpen(false);
      }
      if (view.state === 'quota' || view.state === 'error') {
        showNote(view.message, view.state === 'quota' ? view.upgradeUrl : null);
      } else {
        button.removeAttribute('aria-describedby');
        note.setOpen(false);
      }
    },
    notify(text) {
      showNote(text, null);
    },
  };

  let upgradeLine: HTMLParagraphElement | undefined;
  function showNote(text: string, upgradeUrl: string | null) {
    const el = note.element();
    el.querySelector('.message')!.textContent = text;
    upgradeLine ??= el.querySelector<HTMLParagraphElement>('.upgrade')!;
    if (upgradeUrl) {
      upgradeLine.querySelector('a')!.href = upgradeUrl;
      el.append(upgradeLine);
    } else upgradeLine.remove();
    button.setAttribute('aria-describedby', `${uid}-message`);
    menu.setOpen(false);
    note.setOpen(true);
  }

  button.addEventListener('click', () => {
    if (state === 'saving' || state === 'removing') return;
    if (state === 'saved' || state === 'pending') {
      const open = !menu.isOpen();
      menu.setOpen(open);
      button.setAttribute('aria-expanded', String(open));
      if (open) (menu.element().firstElementChild as HTMLButtonElement).focus();
      return;
    }
    actions.save();
  });
  // Escape closes an open menu or message and gives focus back to the button (the popover's own Escape closes it
  // too where the browser has popovers; focus returns here either way).
  root.addEventListener('keydown', (e) => {
    if ((e as KeyboardEvent).key !== 'Escape' || (!menu.isOpen() && !note.isOpen())) return;
    menu.setOpen(false);
    note.setOpen(false);
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  });

  return control;
}
