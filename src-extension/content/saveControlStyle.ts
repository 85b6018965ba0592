/**
 * The Save control's stylesheet, inside its shadow root. The `!important` on `:host` matters: a page's own rules
 * (`* { margin: … }`, `span { display: block }`) beat a shadow root's normal `:host` rules, but not its important
 * ones. `all: initial` stops the page's inherited font, colour, line height and text transform at the host.
 *
 * No layout shift: the size is fixed, whatever the state's text, and the negative block margins make the
 * control's margin box zero high, so in an action bar (a flex row, or a line of links) it takes its width and
 * never the row's height: the post keeps its height, and nothing below it moves. It is centred on the row, and
 * overhangs a row lower than itself. The popovers live in the top layer, so a post's `overflow: hidden` cannot
 * clip them.
 */
export const CONTROL_WIDTH_PX = 92;
export const CONTROL_HEIGHT_PX = 28;

export const CONTROL_CSS = `
:host {
  all: initial !important;
  display: inline-flex !important;
  position: relative !important;
  flex: none !important;
  align-self: center !important;
  vertical-align: middle !important;
  box-sizing: border-box !important;
  inline-size: ${CONTROL_WIDTH_PX}px !important;
  block-size: ${CONTROL_HEIGHT_PX}px !important;
  margin: ${-CONTROL_HEIGHT_PX / 2}px 0 ${-CONTROL_HEIGHT_PX / 2}px 8px !important;
  padding: 0 !important;
  visibility: visible !important;
}
* { box-sizing: border-box; }
.save {
  all: unset;
  box-sizing: border-box;
  anchor-name: --postkeeper-save;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 5px;
  inline-size: 100%;
  block-size: 100%;
  padding: 0 10px;
  border: 1px solid #b8c2d3;
  border-radius: 14px;
  background: #ffffff;
  color: #16213a;
  font: 600 12px/1 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  letter-spacing: normal;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
}
.save:hover { background: #eef2f8; }
.save:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; box-shadow: 0 0 0 2px #ffffff; }
.save[data-state='saved'] { background: #0f5f56; border-color: #0f5f56; color: #ffffff; }
.save[data-state='saved']:hover { background: #0b4b44; }
.save[data-state='saving'], .save[data-state='removing'] { cursor: progress; color: #4a5568; }
.save[data-state='pending'] { background: #fff7e0; border-color: #c9a227; color: #5b4300; }
.save[data-state='quota'], .save[data-state='error'] { background: #fff1f1; border-color: #c53030; color: #8a1c1c; }
.icon { inline-size: 11px; block-size: 13px; flex: none; fill: none; stroke: currentColor; stroke-width: 2; }
.save[data-state='saved'] .icon { fill: currentColor; }
.pop {
  position-anchor: --postkeeper-save;
  position-area: bottom span-left;
  position-try-fallbacks: flip-block, flip-inline;
  inset: auto;
  margin: 6px 0 0;
  box-sizing: border-box;
  max-inline-size: 280px;
  padding: 10px 12px;
  border: 1px solid #b8c2d3;
  border-radius: 8px;
  background: #ffffff;
  color: #16213a;
  box-shadow: 0 6px 24px rgba(15, 23, 42, 0.18);
  font: 400 13px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  text-align: start;
  z-index: 2147483647;
}
.pop p { margin: 0 0 8px; }
.pop p:last-child { margin-bottom: 0; }
.pop a { color: #1d4ed8; font-weight: 600; text-decoration: underline; }
.pop button {
  all: unset;
  box-sizing: border-box;
  display: block;
  inline-size: 100%;
  padding: 6px 8px;
  border-radius: 6px;
  color: #8a1c1c;
  font-weight: 600;
  cursor: pointer;
}
.pop button:hover { background: #fff1f1; }
.pop a:focus-visible, .pop button:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; }
.pop:has(> button) { padding: 4px; }
`;
