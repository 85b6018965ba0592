import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import type { AdminUser } from '../../src/contract/admin';
import { RevokeSessionsButton } from '../common/userDetails/RevokeSessionsButton';
import { useInvalidate } from '../common/adminQueries';
import { FlagUserDialog } from '../common/userDetails/FlagUserDialog';

type Row = AdminUser & { id: string };

function useUserUpdate() {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const run = (row: Row, data: Partial<AdminUser>) =>
    update(
      'users',
      { id: row.id, data, previousData: row },
      { mutationMode: 'pessimistic', onError: (err) => notify((err as Error).message, { type: 'error' }) },
    );
  return [run, isPending] as const;
}

/** The Ads enabled/disabled toggle of the Users table. */
export function AdsToggle({ row }: { row: Row }) {
  const [run, isPending] = useUserUpdate();
  const enabled = !row.adsDisabled;
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={enabled}
          disabled={isPending}
          onChange={() => run(row, { adsDisabled: enabled })}
          slotProps={{ input: { 'aria-label': `Ads for ${row.email}` } }}
        />
      }
      label={enabled ? 'Enabled' : 'Disabled'}
    />
  );
}

/** Upgrade/Downgrade, Enable/Disable Ads, Flag and Sign out everywhere for one user. */
export function UserRowActions({ row }: { row: Row }) {
  const [run, isPending] = useUserUpdate();
  const [flagging, setFlagging] = useState(false);
  const invalidate = useInvalidate();
  const premium = row.plan === 'premium';
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', py: 0.5 }}>
      <Button
        size="small"
        variant="outlined"
        disabled={isPending}
        onClick={() => run(row, { plan: premium ? 'free' : 'premium' })}
      >
        {premium ? 'Downgrade' : 'Upgrade'}
      </Button>
      <Button size="small" disabled={isPending} onClick={() => run(row, { adsDisabled: !row.adsDisabled })}>
        {row.adsDisabled ? 'Enable Ads' : 'Disable Ads'}
      </Button>
      <RevokeSessionsButton userId={row.id} email={row.email} compact />
      {row.flaggedForAbuse ? null : (
        <Button size="small" color="error" onClick={() => setFlagging(true)}>
          Flag
        </Button>
      )}
      {flagging ? (
        <FlagUserDialog
          open
          user={row}
          onClose={() => setFlagging(false)}
          onFlagged={() => void invalidate('users', 'flagged', 'suspicious')}
        />
      ) : null}
    </Stack>
  );
}
