/**
 * The address of the author of the page's post, from its JSON-LD (`author.url`), or ''. The metadata fallback
 * reads a handle only where JSON-LD names one (alternateName, identifier); LinkedIn and Pinterest name none, but
 * link the author's profile, whose address holds the handle.
 */
export function jsonLdAuthorUrl(document: Document): string {
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const data = JSON.parse(script.textContent ?? '') as {
        author?: { url?: unknown } | { url?: unknown }[];
      };
      const author = Array.isArray(data.author) ? data.author[0] : data.author;
      if (typeof author?.url === 'string') return author.url;
    } catch {
      // Broken JSON-LD: no author's address; the rest of the metadata stands.
    }
  }
  return '';
}
