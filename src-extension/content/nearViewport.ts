/** How far outside the viewport a post gets its control: about two screens ahead of a scrolling reader. */
const REACH = '2000px 0px';
/**
 * Posts that come near while the reader scrolls are gathered this long and given their controls together: each
 * group costs one read of the page and one question to the worker, and two screens ahead nobody sees the wait.
 */
export const GATHER_MS = 100;

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
  let gathered: Element[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const io = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        io.unobserve(entry.target);
        gathered.push(entry.target);
      }
      if (!gathered.length || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        const near = gathered;
        gathered = [];
        onNear(near);
      }, GATHER_MS);
    },
    { rootMargin: REACH },
  );
  return {
    defer: (posts) => posts.forEach((post) => io.observe(post)),
    stop() {
      io.disconnect();
      clearTimeout(timer);
    },
  };
}
