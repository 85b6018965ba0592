import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime } from '../../../src/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetOne } from 'react-admin';
import type { AdminUser } from '../../../src/contract/admin';
import { ADMIN_KEYS, useAdminProvider } from '../adminQueries';
import { RequiredText } from '../RequiredText';
import { storageUsedOfLimit } from '../usageFormat';
import { UserAuditEntries } from './UserAuditEntries';
import { RevokeSessionsButton } from './RevokeSessionsButton';
import { AdminRightsButton } from './AdminRightsButton';

const ACTION_LABEL = { flag: 'Flagged', unflag: 'Unflagged', 'mark-safe': 'Marked safe' } as const;

/** A heading over its list, or over `empty` when the list has nothing. */
function HeadedList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {title}
      </Typography>
      {children.length ? (
        <ul style={{ marginTop: 4 }}>{children}</ul>
      ) : (
        <Typography variant="body2">{empty}</Typography>
      )}
    </>
  );
}

/**
 * docs/product.md#console-flagged-users View Details: account facts, Flagged/Clean, violations, a should-flag
 * warning, history, Unflag or Flag; also the user's role, audit entries, Sign out everywhere and Make admin or
 * Remove admin rights.
 */
export function UserDetailsDialog({
  userId,
  onClose,
  onChanged,
}: {
  userId: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const provider = useAdminProvider();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const key = ADMIN_KEYS.abuseHistory(userId ?? '');
  const history = useQuery({
    queryKey: key,
    queryFn: () => provider.abuseHistory(userId ?? ''),
    enabled: userId !== null,
  });
  // The account's role and whether its address is verified: the users record, as the list reads it.
  const { data: account } = useGetOne<AdminUser & { id: string }>(
    'users',
    { id: userId ?? '' },
    { enabled: userId !== null },
  );
  // The reason field starts with the user's first current violation, once per opened user.
  const suggested = history.data?.currentViolations[0] ?? '';
  useEffect(() => setReason(suggested), [userId, suggested]);
  const act = useMutation({
    mutationFn: (flag: boolean) =>
      flag ? provider.flag(userId ?? '', reason.trim()) : provider.unflag(userId ?? ''),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      onChanged();
    },
  });
  const busy = act.isPending;
  const error = (act.error ?? history.error)?.message ?? null;

  const h = history.data;
  return (
    <Dialog open={userId !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>User Details</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {!h && !error ? <LinearProgress /> : null}
        {h ? (
          <>
            <Typography component="div" sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <strong>{h.email}</strong>
              <Chip
                size="small"
                label={h.currentlyFlagged ? 'Flagged' : 'Clean'}
                color={h.currentlyFlagged ? 'error' : 'success'}
              />
            </Typography>
            <dl
              style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}
            >
              <dt>Plan</dt>
              <dd style={{ margin: 0 }}>{h.userStats.plan}</dd>
              <dt>Member since</dt>
              <dd style={{ margin: 0 }}>{formatDate(h.userStats.createdAt)}</dd>
              <dt>Last login</dt>
              <dd style={{ margin: 0 }}>
                {h.userStats.lastLogin ? formatDateTime(h.userStats.lastLogin) : 'Never'}
              </dd>
              <dt>Storage</dt>
              <dd style={{ margin: 0 }}>
                {storageUsedOfLimit(h.userStats.storageUsed, h.userStats.storageLimit)}
              </dd>
              {account ? (
                <>
                  <dt>Role</dt>
                  <dd style={{ margin: 0 }}>{account.role}</dd>
                </>
              ) : null}
            </dl>
            {h.shouldFlag && !h.currentlyFlagged ? (
              <Alert severity="warning" sx={{ mt: 2 }}>
                This user should be flagged: current usage breaks the abuse rules.
              </Alert>
            ) : null}
            <HeadedList title="Current violations" empty="None">
              {h.currentViolations.map((v) => (
                <li key={v}>{v}</li>
              ))}
            </HeadedList>
            {h.currentlyFlagged && h.lastFlaggedReason ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Flag reason: {h.lastFlaggedReason} {h.flaggedAt ? `(${formatDateTime(h.flaggedAt)})` : ''}
              </Typography>
            ) : null}
            <HeadedList title="Flag history" empty="No history">
              {h.history.map((e, i) => (
                <li key={`${e.at}-${i}`}>
                  {ACTION_LABEL[e.action]} {formatDateTime(e.at)} by {e.by}
                  {e.reason ? `: ${e.reason}` : ''}
                </li>
              ))}
            </HeadedList>
            {userId && account ? (
              <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
                <AdminRightsButton
                  userId={userId}
                  email={h.email}
                  role={account.role}
                  emailVerified={account.emailVerified}
                />
              </Box>
            ) : null}
            {userId ? <UserAuditEntries userId={userId} /> : null}
            {!h.currentlyFlagged ? (
              <RequiredText label="Reason for Flagging" value={reason} onChange={setReason} />
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {h && userId ? <RevokeSessionsButton userId={userId} email={h.email} /> : null}
        <Button onClick={onClose}>Close</Button>
        {h?.currentlyFlagged ? (
          <Button variant="contained" color="success" disabled={busy} onClick={() => act.mutate(false)}>
            Unflag
          </Button>
        ) : null}
        {h && !h.currentlyFlagged ? (
          <Button
            variant="contained"
            color="error"
            disabled={busy || !reason.trim()}
            onClick={() => act.mutate(true)}
          >
            Flag
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
