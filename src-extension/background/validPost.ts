import type { ExtractedPost } from '../shared/extractedPost';

const httpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false;
  try {
    const { protocol } = new URL(v);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A post as a message brought it, checked before it is stored or sent: an http(s) permalink, text fields as text,
 * and only http(s) images (the worker fetches them). The server checks the rest (platform, lengths) and its
 * refusal is shown.
 */
export function validPost(value: unknown): ExtractedPost | null {
  if (!value || typeof value !== 'object') return null;
  const p = value as Record<string, unknown>;
  if (typeof p.platform !== 'string' || !httpUrl(p.url)) return null;
  return {
    platform: p.platform as ExtractedPost['platform'],
    url: p.url,
    authorName: text(p.authorName),
    authorHandle: text(p.authorHandle),
    text: text(p.text),
    postedAt: typeof p.postedAt === 'string' && p.postedAt ? p.postedAt : null,
    images: Array.isArray(p.images) ? [...new Set(p.images.filter(httpUrl))] : [],
    ...(httpUrl(p.quotedUrl) ? { quotedUrl: p.quotedUrl } : {}),
    ...(httpUrl(p.replyToUrl) ? { replyToUrl: p.replyToUrl } : {}),
    ...(typeof p.title === 'string' && p.title ? { title: p.title } : {}),
    ...(p.truncated === true ? { truncated: true } : {}),
    ...(httpUrl(p.oembedUrl) ? { oembedUrl: p.oembedUrl } : {}),
  };
}
