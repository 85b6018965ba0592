import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ADMIN_TEXT } from './providers/adminMessages';
import { LOGIN_PATH, resolveAdminSession, type AdminSession } from './providers/authProvider';
import { AdminConsole } from './AdminConsole';
import { NAVIGATION, sectionIndex } from './layout/sections';
import { readToken } from '../src/session/storage';

/** The screens that show no grid (overview, AI provider settings, cost analysis). */
const NO_GRID = new Set(['', 'ai-config', 'cost-analysis']);

/**
 * A list section's first screen waits for the grid, the heaviest part of its code: start fetching it while the
 * session resolves instead of after react-admin has mounted and asked for the section. Signed-out visitors are
 * sent to sign in, so nothing is fetched for them.
 */
function prefetchGrid(pathname: string) {
  if (!readToken()) return;
  const section = NAVIGATION[sectionIndex(pathname, '/admin')];
  if (section && !NO_GRID.has(section.path)) void import('./grid/DataGridList');
}

/**
 * The /admin entry: resolves the site's session before react-admin mounts, so react-admin's first
 * render already knows the operator (this avoids its first-visit render loop with empty storage).
 */
export default function AdminApp() {
  const [session, setSession] = useState<AdminSession | null>(null);
  useEffect(() => {
    let live = true;
    prefetchGrid(window.location.pathname);
    void resolveAdminSession().then((s) => live && setSession(s));
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
