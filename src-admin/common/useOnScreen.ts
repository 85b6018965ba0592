import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has been at least `share` on screen (it stays true once it has). A chart below the fold
 * costs a phone a long render nobody sees; it draws when scrolled to instead. Without IntersectionObserver
 * (an old browser, the test document) everything counts as on screen. Hand-written: one observer, no library.
 */
export function useOnScreen(ref: RefObject<Element | null>, share = 0.25): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= share)) setSeen(true);
      },
      { threshold: share },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, share]);
  return seen;
}
