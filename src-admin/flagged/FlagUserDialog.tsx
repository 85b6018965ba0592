import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useAdminProvider } from '../common/useAdminProvider';

/** docs/product.md#console-flagged-users Flag User dialog: User ID and Reason for Flagging, both required. */
export function FlagUserDialog({
  open,
  onClose,
  onFlagged,
}: {
  open: boolean;
  onClose: () => void;
  onFlagged: () => void;
}) {
  const provider = useAdminProvider();
  const [userId, setUserId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = userId.trim() !== '' && reason.trim() !== '';

  const close = () => {
    setUserId('');
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    try {
      await provider.flag(userId.trim(), reason.trim());
      close();
      onFlagged();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>Flag User</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <TextField
          label="User ID"
          required
          fullWidth
          margin="dense"
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
        />
        <TextField
          label="Reason for Flagging"
          required
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={!ready || busy}>
          Flag User
        </Button>
      </DialogActions>
    </Dialog>
  );
}
