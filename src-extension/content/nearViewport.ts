/** How far outside the viewport a post gets its control: about two screens ahead of a scrolling reader. */
const REACH = '2000px 0px';

export interface ViewportGate {
  /** Calls back, in batches, once each of these posts comes within reach of the viewport. */
  defer(posts: Element[]): void;
  stop(): void;
}

/**
 * Holds posts a timeline adds far from the viewport until the reader scrolls near them, so a batch of a hundred
 * posts costs only the few that can be seen. Null where the browser has no IntersectionObserver (then every post
 * gets its control at once).
 */
export function viewportGate(onNear: (posts: Element[]) => void): ViewportGate | null {
  if (typeof IntersectionObserver !== 'function') return null;
  const io = new IntersectionObserver(
    (entries) => {
      const near = entries.filter((e) => e.isIntersecting).map((e) => e.target);
      for (const post of near) io.unobserve(post);
      if (near.length) onNear(near);
    },
    { rootMargin: REACH },
  );
  return {
    defer: (posts) => posts.forEach((post) => io.observe(post)),
    stop: () => io.disconnect(),
  };
}
