// The product's screens on the landing: captured from the real library page by `npm run screenshots`
// (docs/extension.md, "Screenshots for the landing page") as WebP in two widths, 16:10.

/** The widths `npm run screenshots` writes for each screen. */
const WIDTHS = [640, 1280] as const;

/** The <img> attributes of a captured screen: the small file as src, both in srcset, the intrinsic size. */
export function screenImage(name: 'saved-posts-dashboard' | 'smart-tag-filtering' | 'content-analytics') {
  const file = (w: number) => `/screens/${name}-${w}.webp`;
  return {
    src: file(WIDTHS[0]),
    srcSet: WIDTHS.map((w) => `${file(w)} ${w}w`).join(', '),
    width: 1280,
    height: 800,
  };
}
