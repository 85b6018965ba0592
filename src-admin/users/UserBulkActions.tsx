import UpgradeIcon from '@mui/icons-material/Upgrade';
import SouthIcon from '@mui/icons-material/South';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import FlagIcon from '@mui/icons-material/Flag';
import { updateEach, type BulkAction } from '../common/BulkActions';

const change = (data: Record<string, unknown>) => updateEach('users', data);

/** The Users bulk actions: each change goes to one user at a time, so a refusal names its user. */
export const userBulkActions: BulkAction[] = [
  {
    label: 'Upgrade',
    icon: <UpgradeIcon />,
    confirm: 'Upgrade the selected users to premium?',
    run: change({ plan: 'premium' }),
  },
  {
    label: 'Downgrade',
    icon: <SouthIcon />,
    confirm: 'Downgrade the selected users to free?',
    run: change({ plan: 'free' }),
  },
  {
    label: 'Ads on',
    icon: <VisibilityIcon />,
    confirm: 'Enable ads for the selected users?',
    run: change({ adsDisabled: false }),
  },
  {
    label: 'Ads off',
    icon: <VisibilityOffIcon />,
    confirm: 'Disable ads for the selected users?',
    run: change({ adsDisabled: true }),
  },
  {
    label: 'Flag',
    icon: <FlagIcon />,
    confirm: 'Flag the selected users for abuse?',
    reasonLabel: 'Reason for Flagging',
    run: (provider) => (r, reason) => provider.flag(r.id, reason),
    invalidates: ['flagged', 'suspicious'],
  },
];
