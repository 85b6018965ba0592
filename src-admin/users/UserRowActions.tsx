import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import type { AdminUser } from '../../src/contract/admin';
import { RevokeSessionsButton } from '../common/userDetails/RevokeSessionsButton';
import { useInvalidate } from '../common/adminQueries';
import { FlagUserDialog } from '../common/userDetails/FlagUserDialog';
import { useOpenUserDetails } from '../common/userDetails/openUserDetails';
import { useUserChange } from './userChanges';

type Row = AdminUser & { id: string };

/** The Ads enabled/disabled toggle of the Users table. */
export function AdsToggle({ row }: { row: Row }) {
  const [change, isPending] = useUserChange(row);
  const enabled = !row.adsDisabled;
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={enabled}
          disabled={isPending}
          onChange={() => change({ adsDisabled: enabled })}
          slotProps={{ input: { 'aria-label': `Ads for ${row.email}` } }}
        />
      }
      label={enabled ? 'Enabled' : 'Disabled'}
    />
  );
}

/** The Flag dialog of one row; its hooks mount only while it is open, not once per row on screen. */
function FlagRowDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const invalidate = useInvalidate();
  return (
    <FlagUserDialog
      open
      user={row}
      onClose={onClose}
      onFlagged={() => void invalidate('users', 'flagged', 'suspicious')}
    />
  );
}

/** Upgrade/Downgrade, Enable/Disable Ads, Sign out everywhere, the user's details and Flag for one user. */
export function UserRowActions({ row }: { row: Row }) {
  const [change, isPending] = useUserChange(row);
  const [flagging, setFlagging] = useState(false);
  const openDetails = useOpenUserDetails();
  const premium = row.plan === 'premium';
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', py: 0.5 }}>
      <Button
        size="small"
        variant="outlined"
        disabled={isPending}
        onClick={() => change({ plan: premium ? 'free' : 'premium' })}
      >
        {premium ? 'Downgrade' : 'Upgrade'}
      </Button>
      <Button size="small" disabled={isPending} onClick={() => change({ adsDisabled: !row.adsDisabled })}>
        {row.adsDisabled ? 'Enable Ads' : 'Disable Ads'}
      </Button>
      <RevokeSessionsButton userId={row.id} email={row.email} compact />
      {/* The details hold what a row has no room for: the history, the audit entries and admin rights. */}
      <IconButton
        size="small"
        title="User details"
        aria-label={`Details of ${row.email}`}
        onClick={() => openDetails?.(row.id)}
      >
        <ManageAccountsIcon fontSize="small" />
      </IconButton>
      {row.flaggedForAbuse ? null : (
        <Button size="small" color="error" onClick={() => setFlagging(true)}>
          Flag
        </Button>
      )}
      {flagging ? <FlagRowDialog row={row} onClose={() => setFlagging(false)} /> : null}
    </Stack>
  );
}
