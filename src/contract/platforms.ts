// Plain data without zod, so the extension's pages can import the names without the validation library.

/** The five social platforms the extension reads, and `web`: a link saved from any other site. */
export const POST_PLATFORMS = ['x', 'linkedin', 'reddit', 'instagram', 'pinterest', 'web'] as const;
export type PostPlatform = (typeof POST_PLATFORMS)[number];

/** How people name each platform; a Record, so a new platform does not compile without its label. */
export const PLATFORM_LABELS: Record<PostPlatform, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
  instagram: 'Instagram',
  pinterest: 'Pinterest',
  web: 'Web',
};
