import Badge from '@mui/material/Badge';
import Tab, { type TabProps } from '@mui/material/Tab';
import { Link } from 'react-router-dom';
import { useOpenCount } from './useOpenCount';

type SupportTabProps = Omit<TabProps<typeof Link>, 'label' | 'component' | 'to'> & {
  label: string;
  to: string;
};

/**
 * The Support tab with the number of open messages in a badge. The badge is for the eye; the tab's name says
 * the same in words ("Support, 3 open"). It passes through what the tab bar gives its tabs (selected, value…).
 */
export function SupportTab({ label, to, ...tab }: SupportTabProps) {
  const open = useOpenCount();
  if (!open) return <Tab {...tab} component={Link} to={to} label={label} />;
  return (
    <Tab
      {...tab}
      component={Link}
      to={to}
      aria-label={`${label}, ${open} open`}
      label={
        <Badge
          badgeContent={open}
          color="warning"
          max={999}
          sx={{ pr: 2.5, '& .MuiBadge-badge': { right: 4 } }}
        >
          {/* The space keeps the shown text "Support 3" rather than "Support3", so the name holds it. */}
          {`${label} `}
        </Badge>
      }
    />
  );
}
