import { BulkUpdateButton } from 'react-admin';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import SouthIcon from '@mui/icons-material/South';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';

// Each bulk change asks first: the pessimistic mode makes react-admin show its confirm dialog.
const common = { mutationMode: 'pessimistic' as const, confirmTitle: 'Update %{smart_count} users' };

export function UserBulkActions() {
  return (
    <>
      <BulkUpdateButton
        {...common}
        label="Upgrade"
        data={{ plan: 'premium' }}
        icon={<UpgradeIcon />}
        confirmContent="Upgrade the selected users to premium?"
      />
      <BulkUpdateButton
        {...common}
        label="Downgrade"
        data={{ plan: 'free' }}
        icon={<SouthIcon />}
        confirmContent="Downgrade the selected users to free?"
      />
      <BulkUpdateButton
        {...common}
        label="Ads on"
        data={{ adsDisabled: false }}
        icon={<VisibilityIcon />}
        confirmContent="Enable ads for the selected users?"
      />
      <BulkUpdateButton
        {...common}
        label="Ads off"
        data={{ adsDisabled: true }}
        icon={<VisibilityOffIcon />}
        confirmContent="Disable ads for the selected users?"
      />
    </>
  );
}
