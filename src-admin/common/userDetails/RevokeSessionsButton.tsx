import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
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
  /** An icon with a tooltip, for a table row. */
  compact?: boolean;
}) {
  const provider = useAdminProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: () => provider.revokeSessions(userId),
    onSuccess: (body) => {
      notify(body?.message || 'Signed out everywhere', { type: 'success' });
      // The audit entries shown beside the user get the new one.
      refresh();
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
    onSettled: () => setAsking(false),
  });
  return (
    <>
      {compact ? (
        <Tooltip title="Sign out everywhere">
          <span>
            <IconButton
              size="small"
              color="warning"
              aria-label={`Sign ${email} out everywhere`}
              disabled={isPending}
              onClick={() => setAsking(true)}
            >
              <LogoutIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          size="small"
          color="warning"
          startIcon={<LogoutIcon />}
          disabled={isPending}
          onClick={() => setAsking(true)}
        >
          Sign out everywhere
        </Button>
      )}
      <Confirm
        isOpen={asking}
        loading={isPending}
        title="Sign out everywhere?"
        content={`Every session of ${email} ends now, on every device and in the extension. They will need to sign in again.`}
        confirm="Sign out everywhere"
        onConfirm={() => mutate()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
