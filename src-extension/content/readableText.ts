/** Elements whose content is not the post's text (code, hidden templates, icons, the site's own buttons). */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'BUTTON']);
/** Blocks that stand apart as paragraphs. */
const PARAGRAPHS = new Set([
  'P',
  'BLOCKQUOTE',
  'PRE',
  'UL',
  'OL',
  'TABLE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
]);
/** Blocks that start a line of their own. */
const LINES = new Set(['DIV', 'LI', 'TR', 'FIGCAPTION']);
/** Where a block starts or ends, until the gaps are settled: the wider of two gaps that meet wins. */
const LINE_GAP = '\ue000';
const PARAGRAPH_GAP = '\ue001';

/**
 * The text a reader sees in `el`: paragraphs apart by a blank line, list items and `<br>` on lines of their own,
 * runs of spaces as one, and an emoji the site draws as an image by its alt text (an image whose alt has no letter
 * or digit; a picture's description is not the post's text).
 *
 * `keepWhitespace` keeps the text's own line breaks and spaces and only those: X writes a post's line breaks as
 * characters that its styles show, where an article's markup (Reddit's) ends lines with tags and wraps its source
 * anywhere.
 */
export function readableText(el: Element, { keepWhitespace = false } = {}): string {
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      const data = (node as Text).data;
      out += keepWhitespace ? data : data.replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (SKIPPED.has(tag) || element.getAttribute('aria-hidden') === 'true') return;
    if (tag === 'BR') out += '\n';
    else if (tag === 'IMG') {
      const alt = element.getAttribute('alt') ?? '';
      if (!/[\p{L}\p{N}]/u.test(alt)) out += alt;
    } else {
      // Written line breaks only: X wraps a hashtag or mention in a block that its styles show inline.
      const gap = keepWhitespace ? '' : PARAGRAPHS.has(tag) ? PARAGRAPH_GAP : LINES.has(tag) ? LINE_GAP : '';
      out += gap;
      element.childNodes.forEach(walk);
      out += gap;
    }
  };
  el.childNodes.forEach(walk);
  return out
    .replace(/\s*[\ue000\ue001][\s\ue000\ue001]*/g, (run) => (run.includes(PARAGRAPH_GAP) ? '\n\n' : '\n'))
    .replace(/[ \t\u00a0]*\n[ \t\u00a0]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
