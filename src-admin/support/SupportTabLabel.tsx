import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { useOpenCount } from './useOpenCount';

/**
 * "Support" with the number of open messages in a badge. The badge is for the eye only; screen readers hear
 * the same as one phrase, "Support, 3 open".
 */
export function SupportTabLabel({ label }: { label: string }) {
  const open = useOpenCount();
  if (!open) return <>{label}</>;
  return (
    <>
      <Badge
        badgeContent={open}
        color="warning"
        max={999}
        aria-hidden="true"
        sx={{ pr: 2.5, '& .MuiBadge-badge': { right: 4 } }}
      >
        {label}
      </Badge>
      <Box component="span" sx={visuallyHidden}>
        {`${label}, ${open} open`}
      </Box>
    </>
  );
}
