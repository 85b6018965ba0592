import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { useScreenshotUrl } from './useScreenshotUrl';

/** The screenshot sent with a support message, at most as wide as the view. */
export function MessageScreenshot({ messageId, from }: { messageId: string; from: string }) {
  const shot = useScreenshotUrl(messageId);
  if (shot.state === 'loading') return <CircularProgress size={24} aria-label="Loading screenshot" />;
  if (shot.state === 'failed')
    return (
      <Alert severity="error" role="alert">
        {ADMIN_TEXT.loadScreenshot}
      </Alert>
    );
  return (
    <Box
      component="a"
      href={shot.url}
      target="_blank"
      rel="noopener"
      sx={{ display: 'inline-block', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}
    >
      <Box
        component="img"
        src={shot.url}
        alt={`Screenshot from ${from}`}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: 480 }}
      />
    </Box>
  );
}
