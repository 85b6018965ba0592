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
