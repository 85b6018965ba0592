import type { ExtractedPost, PageContext } from '../../shared/extractedPost';

/**
 * The fallback reader: a post or a link from what a page says about itself in its <head> (Open Graph, JSON-LD,
 * `<link rel="canonical">`, oEmbed discovery, `<title>` and the meta description). It serves a platform page whose
 * structure the platform's reader no longer knows, and any other site, where the save is a link (`web`).
 */

/** JSON-LD types that describe the page's own post, article or picture. */
const MAIN_TYPES = [
  'SocialMediaPosting',
  'DiscussionForumPosting',
  'BlogPosting',
  'NewsArticle',
  'Article',
  'ImageObject',
];

/** Types whose text is the post's or picture's own words, not an article's whole body. */
const OWN_WORDS_TYPES = ['SocialMediaPosting', 'DiscussionForumPosting', 'ImageObject'];

type LdNode = Record<string, unknown>;

const isNode = (v: unknown): v is LdNode => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const str = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

/** Every JSON-LD node of the page, `@graph` and `mainEntity` unfolded; a block that does not parse is skipped. */
function jsonLdNodes(document: Document): LdNode[] {
  const nodes: LdNode[] = [];
  const visit = (v: unknown) => {
    for (const item of list(v)) {
      if (!isNode(item)) continue;
      nodes.push(item);
      visit(item['@graph']);
      visit(item.mainEntity);
    }
  };
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      visit(JSON.parse(script.textContent ?? ''));
    } catch {
      // A site's broken JSON-LD is no reason not to save: Open Graph and the title remain.
    }
  }
  return nodes;
}

/** The page's main JSON-LD node: the first post, article or picture, in the order of MAIN_TYPES. */
function mainNode(document: Document): LdNode | undefined {
  const nodes = jsonLdNodes(document);
  const typesOf = (n: LdNode) => list(n['@type']).map(str);
  for (const type of MAIN_TYPES) {
    const found = nodes.find((n) => typesOf(n).includes(type));
    if (found) return found;
  }
  return undefined;
}

/** An absolute http(s) URL, or '' for anything else (a relative path is read against the page). */
function httpUrl(value: string, base: URL): string {
  if (!value) return '';
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/**
 * An ISO 8601 date-time from a page's date (a date alone is midnight UTC), or null when it is not one. Sites also
 * write microseconds and offsets without a colon (Reddit: 2024-05-13T08:15:30.123000+0000), which Date does not
 * read everywhere.
 */
export function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(
    value
      .trim()
      .replace(/(\.\d{3})\d+/, '$1')
      .replace(/([+-]\d{2})(\d{2})$/, '$1:$2'),
  );
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** JSON-LD image values: a URL, an ImageObject (url or contentUrl), or a list of either. */
const ldImages = (v: unknown): string[] =>
  list(v).flatMap((item) => (isNode(item) ? [str(item.contentUrl) || str(item.url)] : [str(item)]));

/** A person's or organisation's name; a handle from alternateName or identifier (a string or PropertyValue). */
function ldAuthor(node: LdNode | undefined): { name: string; handle: string } {
  const author = list(node?.author ?? node?.creator)[0];
  if (!isNode(author)) return { name: str(author), handle: '' };
  const identifier = list(author.identifier)[0];
  return {
    name: str(author.name),
    handle: str(author.alternateName) || (isNode(identifier) ? str(identifier.value) : str(identifier)),
  };
}

/**
 * What the page says about itself, as a post of `platform` (`web`: a link from any site). Null only when the page
 * has no http(s) address to save.
 */
export function extractFromMetadata(
  page: PageContext,
  platform: ExtractedPost['platform'] = 'web',
): ExtractedPost | null {
  const { document, location } = page;
  const meta = (...keys: string[]): string[] =>
    keys.flatMap((key) =>
      [...document.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((m) =>
        str(m.getAttribute('content')),
      ),
    );
  const first = (...values: string[]) => values.find((v) => v) ?? '';
  const link = (selector: string) => str(document.querySelector(selector)?.getAttribute('href'));
  const ld = mainNode(document);
  const author = ldAuthor(ld);
  const ownWords = list(ld?.['@type']).some((t) => OWN_WORDS_TYPES.includes(str(t)));

  const pageAddress = new URL(location.href);
  pageAddress.hash = '';
  const url = first(
    httpUrl(link('link[rel="canonical"]'), location),
    httpUrl(first(...meta('og:url')), location),
    httpUrl(str(ld?.url), location),
    httpUrl(pageAddress.href, location),
  );
  if (!url) return null;

  const images = [
    // contentUrl: the main node is a picture (ImageObject) rather than a post that has one.
    ...ldImages(ld?.contentUrl),
    ...ldImages(ld?.image),
    ...meta('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'),
  ]
    .map((src) => httpUrl(src, location))
    .filter((src, i, all) => src && all.indexOf(src) === i);

  const creator = first(...meta('twitter:creator'));
  const metaAuthor = first(...meta('author', 'article:author'));
  const post: ExtractedPost = {
    platform,
    url,
    // article:author is often the author's page: a URL is no name.
    authorName: first(author.name, /^https?:/i.test(metaAuthor) ? '' : metaAuthor),
    authorHandle: first(author.handle, creator),
    // A post's or picture's own words come first; an article's body is the whole article, so a link to one
    // keeps the page's summary and takes the body only when the page has none.
    text: first(
      ...(ownWords ? [str(ld?.articleBody), str(ld?.text), str(ld?.caption)] : []),
      ...meta('og:description', 'twitter:description', 'description'),
      str(ld?.description),
      str(ld?.articleBody),
      str(ld?.text),
    ),
    postedAt: isoDate(
      first(
        str(ld?.datePublished),
        str(ld?.uploadDate),
        str(ld?.dateCreated),
        ...meta('article:published_time', 'og:published_time'),
      ),
    ),
    images,
    title: first(
      ...meta('og:title', 'twitter:title'),
      str(ld?.headline),
      str(ld?.name),
      str(document.querySelector('title')?.textContent?.replace(/\s+/g, ' ')),
    ),
  };
  const oembed = httpUrl(link('link[rel="alternate"][type="application/json+oembed"]'), location);
  if (oembed) post.oembedUrl = oembed;
  return post;
}
