import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ADMIN_TEXT } from './providers/adminMessages';
import { LOGIN_PATH, resolveAdminSession, type AdminSession } from './providers/authProvider';
import { AdminConsole } from './AdminConsole';

/**
 * The /admin entry: resolves the site's session before react-admin mounts, so react-admin's first
 * render already knows the operator (this avoids its first-visit render loop with empty storage).
 */
export default function AdminApp() {
  const [session, setSession] = useState<AdminSession | null>(null);
  useEffect(() => {
    let live = true;
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
