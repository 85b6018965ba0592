import { highlightParts } from './highlightParts';

/** Text with the search's matched words in <mark>; always text, never HTML. */
export function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((part, i) =>
        part.mark ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
