import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { HAND_OFF_PARAM, withoutHandOff } from '../src/session/googleHandOff';

/**
 * The session takes `auth_token` out of the address bar, but the router read the URL before that and would keep
 * the token in its location, where a guard could save it as "the page to return to" and put it back into a
 * URL. This drops it from the router's location too. It runs after the session's own start (a parent's effect
 * runs after its children's), so the session has read the token first.
 */
export function useHandOffFreeLocation(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!new URLSearchParams(location.search).has(HAND_OFF_PARAM)) return;
    navigate(
      { pathname: location.pathname, search: withoutHandOff(location.search), hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate]);
}
