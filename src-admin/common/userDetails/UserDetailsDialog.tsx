import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AbuseHistory } from '../../../src/contract/admin';
import { formatDate, formatDateTime } from '../../../src/format';
import { useAdminProvider } from '../useAdminProvider';
import { storageUsedOfLimit } from '../usageFormat';
import { UserAuditEntries } from './UserAuditEntries';
import { RevokeSessionsButton } from './RevokeSessionsButton';

const ACTION_LABEL = { flag: 'Flagged', unflag: 'Unflagged', 'mark-safe': 'Marked safe' } as const;

/**
 * docs/product.md#console-flagged-users View Details: account facts, Flagged/Clean, violations, a should-flag
 * warning, history, Unflag or Flag; also the user's audit entries and Sign out everywhere.
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
  const [history, setHistory] = useState<AbuseHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    setHistory(null);
    setError(null);
    provider.getAbuseHistory(userId).then(
      (h) => {
        if (!live) return;
        setHistory(h);
        setReason(h.currentViolations[0] ?? '');
      },
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [userId, provider]);

  const act = async (flag: boolean) => {
    if (!userId) return;
    setBusy(true);
    setError(null);
    try {
      if (flag) await provider.flag(userId, reason.trim());
      else await provider.unflag(userId);
      setHistory(await provider.getAbuseHistory(userId));
      onChanged();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const h = history;
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
            </dl>
            {h.shouldFlag && !h.currentlyFlagged ? (
              <Alert severity="warning" sx={{ mt: 2 }}>
                This user should be flagged: current usage breaks the abuse rules.
              </Alert>
            ) : null}
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              Current violations
            </Typography>
            {h.currentViolations.length ? (
              <ul style={{ marginTop: 4 }}>
                {h.currentViolations.map((v) => (
                  <li key={v}>{v}</li>
                ))}
              </ul>
            ) : (
              <Typography variant="body2">None</Typography>
            )}
            {h.currentlyFlagged && h.lastFlaggedReason ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Flag reason: {h.lastFlaggedReason} {h.flaggedAt ? `(${formatDateTime(h.flaggedAt)})` : ''}
              </Typography>
            ) : null}
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              Flag history
            </Typography>
            {h.history.length ? (
              <ul style={{ marginTop: 4 }}>
                {h.history.map((e, i) => (
                  <li key={`${e.at}-${i}`}>
                    {ACTION_LABEL[e.action]} {formatDateTime(e.at)} by {e.by}
                    {e.reason ? `: ${e.reason}` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              <Typography variant="body2">No history</Typography>
            )}
            {userId ? <UserAuditEntries userId={userId} /> : null}
            {!h.currentlyFlagged ? (
              <TextField
                label="Reason for Flagging"
                required
                fullWidth
                margin="dense"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {h && userId ? <RevokeSessionsButton userId={userId} email={h.email} /> : null}
        <Button onClick={onClose}>Close</Button>
        {h?.currentlyFlagged ? (
          <Button variant="contained" color="success" disabled={busy} onClick={() => act(false)}>
            Unflag
          </Button>
        ) : null}
        {h && !h.currentlyFlagged ? (
          <Button
            variant="contained"
            color="error"
            disabled={busy || !reason.trim()}
            onClick={() => act(true)}
          >
            Flag
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
