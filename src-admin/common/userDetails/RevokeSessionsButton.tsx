import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LogoutIcon from '@mui/icons-material/Logout';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { useAdminProvider } from '../adminQueries';

/** Sign a user out everywhere, after a confirmation; the notice carries the server's own words. */
export function RevokeSessionsButton({
  userId,
  email,
  compact = false,
}: {
  userId: string;
  email: string;
  /** An icon with the browser's tooltip, for a table row. */
  compact?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      {compact ? (
        // The browser's own tooltip: MUI's renders each row's button a second time as it mounts (docs/PERFORMANCE.md#lighter-rows).
        <IconButton
          size="small"
          color="warning"
          title="Sign out everywhere"
          aria-label={`Sign ${email} out everywhere`}
          onClick={() => setAsking(true)}
        >
          <LogoutIcon fontSize="small" />
        </IconButton>
      ) : (
        <Button size="small" color="warning" startIcon={<LogoutIcon />} onClick={() => setAsking(true)}>
          Sign out everywhere
        </Button>
      )}
      {/* Mounted only while asked: a row on screen carries no dialog or mutation until its button is used. */}
      {asking ? (
        <RevokeSessionsConfirm userId={userId} email={email} onClose={() => setAsking(false)} />
      ) : null}
    </>
  );
}

/** The confirmation and the call; the dialog shows its progress, so the button behind it needs none. */
function RevokeSessionsConfirm({
  userId,
  email,
  onClose,
}: {
  userId: string;
  email: string;
  onClose: () => void;
}) {
  const provider = useAdminProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending } = useMutation({
    mutationFn: () => provider.revokeSessions(userId),
    onSuccess: (body) => {
      notify(body?.message || 'Signed out everywhere', { type: 'success' });
      // The audit entries shown beside the user get the new one.
      refresh();
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
    onSettled: onClose,
  });
  return (
    <Confirm
      isOpen
      loading={isPending}
      title="Sign out everywhere?"
      content={`Every session of ${email} ends now, on every device and in the extension. They will need to sign in again.`}
      confirm="Sign out everywhere"
      onConfirm={() => mutate()}
      onClose={onClose}
    />
  );
}
