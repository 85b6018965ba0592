import type { ExtractedPost } from '../shared/extractedPost';

/**
 * The platform a link points to, for a link saved from the context menu where no content script reads it (the
 * readers in content/platforms know each site's pages; this only names the site by its host). Any other site is
 * `web`.
 */
const HOSTS: Record<string, ExtractedPost['platform']> = {
  'x.com': 'x',
  'twitter.com': 'x',
  'mobile.twitter.com': 'x',
  'linkedin.com': 'linkedin',
  'reddit.com': 'reddit',
  'old.reddit.com': 'reddit',
  'new.reddit.com': 'reddit',
  'instagram.com': 'instagram',
  'pinterest.com': 'pinterest',
};

export function platformOfUrl(url: string): ExtractedPost['platform'] {
  const host = new URL(url).hostname.replace(/^www\./, '');
  return HOSTS[host] ?? 'web';
}

/** A link saved as itself: its address and, when known, its title. */
export function linkPost(url: string, title = ''): ExtractedPost {
  return {
    platform: platformOfUrl(url),
    url,
    authorName: '',
    authorHandle: '',
    text: '',
    postedAt: null,
    images: [],
    ...(title ? { title } : {}),
  };
}
