/**
 * The largest candidate of an `img`'s srcset ("a.jpg 320w, b.jpg 640w" or "a.jpg 1x, b.jpg 2x"), or undefined when
 * it has none. Read as the HTML standard reads a srcset: a URL runs to the next whitespace (so a URL may hold
 * commas), its descriptor to the next comma; a candidate without one counts as 1x.
 */
export function largestSrcsetEntry(srcset: string | null | undefined): string | undefined {
  const s = srcset ?? '';
  let best: { url: string; size: number } | undefined;
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /[\s,]/.test(s[i])) i += 1;
    if (i >= s.length) break;
    const start = i;
    while (i < s.length && !/\s/.test(s[i])) i += 1;
    let url = s.slice(start, i);
    let descriptor = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const end = s.indexOf(',', i);
      descriptor = s.slice(i, end < 0 ? s.length : end).trim();
      i = end < 0 ? s.length : end + 1;
    }
    const size = parseFloat(descriptor) || 1;
    if (url && (!best || size > best.size)) best = { url, size };
  }
  return best?.url;
}
