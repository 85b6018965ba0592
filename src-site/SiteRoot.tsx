import { Outlet } from 'react-router-dom';
import { SessionProvider } from '../src/session/SessionProvider';
import { useHandOffFreeLocation } from './useHandOffFreeLocation';

/** The root layout of every site route: one session for all screens (docs/product.md#session-in-the-browser). */
export function SiteRoot() {
  useHandOffFreeLocation();
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
