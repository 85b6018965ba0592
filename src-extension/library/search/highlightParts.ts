/** A piece of text, marked when it is a word the search matched. */
export interface TextPart {
  text: string;
  mark: boolean;
}

// Words as the search index splits them: runs of letters and digits (any script).
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Splits `text` into plain and matched pieces: a word is matched when it is one of `terms` (the index's words
 * that matched the query: typos and beginnings already resolved), compared in lower case.
 */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  if (!terms.length || !text) return [{ text, mark: false }];
  const wanted = new Set(terms.map((t) => t.toLowerCase()));
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    if (!wanted.has(match[0].toLowerCase())) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index), mark: false });
    parts.push({ text: match[0], mark: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mark: false });
  return parts;
}
