import UpgradeIcon from '@mui/icons-material/Upgrade';
import SouthIcon from '@mui/icons-material/South';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import FlagIcon from '@mui/icons-material/Flag';
import { useDataProvider, type RaRecord } from 'react-admin';
import { BulkRunButton } from '../common/BulkRunButton';
import { useAdminProvider } from '../common/adminQueries';

/** Each change goes to one user at a time through the provider's update, so a refusal names its user. */
function useUserChange() {
  const dataProvider = useDataProvider();
  return (data: Partial<RaRecord>) => (r: RaRecord) =>
    dataProvider.update('users', { id: r.id, data, previousData: r });
}

function BulkFlag() {
  const provider = useAdminProvider();
  return (
    <BulkRunButton
      label="Flag"
      icon={<FlagIcon />}
      confirm="Flag the selected users for abuse?"
      reasonLabel="Reason for Flagging"
      run={(r, reason) => provider.flag(r.id, reason)}
      invalidates={['flagged', 'suspicious']}
    />
  );
}

export function UserBulkActions() {
  const change = useUserChange();
  return (
    <>
      <BulkRunButton
        label="Upgrade"
        icon={<UpgradeIcon />}
        confirm="Upgrade the selected users to premium?"
        run={change({ plan: 'premium' })}
      />
      <BulkRunButton
        label="Downgrade"
        icon={<SouthIcon />}
        confirm="Downgrade the selected users to free?"
        run={change({ plan: 'free' })}
      />
      <BulkRunButton
        label="Ads on"
        icon={<VisibilityIcon />}
        confirm="Enable ads for the selected users?"
        run={change({ adsDisabled: false })}
      />
      <BulkRunButton
        label="Ads off"
        icon={<VisibilityOffIcon />}
        confirm="Disable ads for the selected users?"
        run={change({ adsDisabled: true })}
      />
      <BulkFlag />
    </>
  );
}
