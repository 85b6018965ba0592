import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ADMIN_TEXT } from './providers/adminMessages';
import { LOGIN_PATH, resolveAdminSession, type AdminSession } from './providers/authProvider';
import { AdminConsole } from './AdminConsole';
import { fetchOpeningList, preloadScreen } from './openingScreen';
import { readToken } from '../src/session/storage';

/**
 * The screen being opened loads beside the session check, and the console mounts once both are here, so its
 * first render already holds the screen (no Suspense fallback, no wait before the rows). An operator's list
 * page is fetched as soon as the session says admin. Signed-out visitors are sent to sign in, so nothing is
 * fetched for them; a screen whose code fails to load retries on render.
 */
async function resolveWithScreen(): Promise<AdminSession> {
  const screen = readToken() ? preloadScreen(window.location.pathname).catch(() => undefined) : undefined;
  const session = await resolveAdminSession();
  if (session.state === 'admin') fetchOpeningList(window.location, session.profile);
  await screen;
  return session;
}

/**
 * The /admin entry: resolves the site's session before react-admin mounts, so react-admin's first
 * render already knows the operator (this avoids its first-visit render loop with empty storage).
 */
export default function AdminApp() {
  const [session, setSession] = useState<AdminSession | null>(null);
  useEffect(() => {
    let live = true;
    void resolveWithScreen().then((s) => live && setSession(s));
    return () => {
      live = false;
    };
  }, []);
  if (session?.state === 'denied') {
    return (
      <Box component="main" sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
        <Alert severity="error" role="alert">
          {ADMIN_TEXT.accessDenied}
        </Alert>
      </Box>
    );
  }
  if (session?.state === 'admin') return <AdminConsole profile={session.profile} />;
  // docs/product.md#screen-guards: screens send signed-out visitors to sign in; the site brings them back to /admin.
  if (session?.state === 'anonymous') return <Navigate to={LOGIN_PATH} replace state={{ from: '/admin' }} />;
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} aria-busy="true">
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
