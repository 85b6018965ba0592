import Alert from '@mui/material/Alert';
import type { TimedMessage } from './useTimedMessage';

export function Banner({ message }: { message: TimedMessage | null }) {
  if (!message) return null;
  return (
    <Alert
      severity={message.severity}
      role={message.severity === 'error' ? 'alert' : 'status'}
      sx={{ mb: 2 }}
    >
      {message.text}
    </Alert>
  );
}

/** What failed to load, as the error's own message. */
export function LoadError({ error }: { error: Error | null | undefined }) {
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {error.message}
    </Alert>
  );
}
