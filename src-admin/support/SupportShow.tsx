import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReplyIcon from '@mui/icons-material/Reply';
import { Link } from 'react-router-dom';
import { Show, useCreatePath, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { formatDateTime } from '../../src/format';
import { MessageScreenshot } from './MessageScreenshot';
import { MessageStatusButton } from './MessageStatusButton';
import { StatusChip, typeLabel, type MessageRow } from './supportColumns';
import { replyLink } from './replyLink';

function MessageDetail() {
  const m = useRecordContext<MessageRow>();
  const createPath = useCreatePath();
  if (!m) return null;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={typeLabel(m.type)} variant="outlined" />
        <StatusChip status={m.status} />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(m.createdAt)}
        </Typography>
      </Stack>
      <Typography variant="h6" component="h2">
        {m.name} &lt;{m.email}&gt;
      </Typography>
      <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {m.message}
      </Typography>
      {m.handledBy ? (
        <Typography variant="body2" color="text.secondary">
          {m.status === 'resolved' ? 'Resolved' : 'Reopened'} by {m.handledBy}
          {m.handledAt ? ` on ${formatDateTime(m.handledAt)}` : ''}
        </Typography>
      ) : null}
      {m.hasScreenshot ? (
        <section aria-label="Screenshot">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Screenshot
          </Typography>
          <MessageScreenshot messageId={m.id} from={m.name} />
        </section>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <MessageStatusButton record={m} />
        <Button variant="outlined" startIcon={<ReplyIcon />} href={replyLink(m)}>
          Reply by email
        </Button>
        <Button
          component={Link}
          to={createPath({ resource: 'messages', type: 'list' })}
          startIcon={<ArrowBackIcon />}
        >
          Back to the inbox
        </Button>
      </Stack>
    </Box>
  );
}

/** One message in full, with its screenshot, a reply link and Resolve/Reopen. */
export function SupportShow() {
  const notify = useNotify();
  const redirect = useRedirect();
  // The provider's own failure text, rather than a generic "does not exist", then back to the inbox.
  const onError = (err: Error) => {
    notify(err.message, { type: 'error' });
    redirect('list', 'messages');
  };
  return (
    <Show title="Support message" actions={false} queryOptions={{ onError }}>
      <MessageDetail />
    </Show>
  );
}
