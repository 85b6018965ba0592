import { useCallback, useEffect, useState } from 'react';
import { formatHash, parseHash, type Route } from './hashRoute';

/**
 * The view and filters in the address's hash. A picked filter or view is a new history entry (Back undoes it);
 * typing in the search replaces the entry, so Back does not step through every letter.
 */
export function useHashRoute(): [Route, (next: Route, opts?: { replace?: boolean }) => void] {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(location.hash));
    window.addEventListener('hashchange', onChange);
    window.addEventListener('popstate', onChange);
    return () => {
      window.removeEventListener('hashchange', onChange);
      window.removeEventListener('popstate', onChange);
    };
  }, []);
  const navigate = useCallback((next: Route, { replace = false } = {}) => {
    const hash = formatHash(next);
    if (hash !== location.hash) {
      if (replace) history.replaceState(null, '', hash);
      else history.pushState(null, '', hash);
    }
    setRoute(next);
  }, []);
  return [route, navigate];
}
