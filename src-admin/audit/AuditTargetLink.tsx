import MuiLink from '@mui/material/Link';
import { Link } from 'react-router-dom';
import { useCreatePath } from 'react-admin';
import type { AuditEntry } from '../../src/contract/audit';
import { useOpenUserDetails } from '../common/userDetails/openUserDetails';

/** Where each kind of target lives in the console: its list, its detail view, or (a user) its details dialog. */
export function AuditTargetLink({ entry }: { entry: Pick<AuditEntry, 'targetType' | 'targetId'> }) {
  const createPath = useCreatePath();
  const openUser = useOpenUserDetails();
  const { targetType, targetId } = entry;
  if (targetType === 'user' && targetId && openUser) {
    return (
      <MuiLink component="button" type="button" onClick={() => openUser(targetId)}>
        User details
      </MuiLink>
    );
  }
  const to =
    targetType === 'message' && targetId
      ? createPath({ resource: 'messages', id: targetId, type: 'show' })
      : targetType === 'coupon'
        ? createPath({ resource: 'coupons', type: 'list' })
        : targetType === 'ai-config'
          ? createPath({ resource: 'ai-config', type: 'list' })
          : targetType === 'abuse-check'
            ? createPath({ resource: 'flagged', type: 'list' })
            : null;
  if (!to) return null;
  const label = {
    message: 'Message',
    coupon: 'Coupons',
    'ai-config': 'AI settings',
    'abuse-check': 'Flagged users',
  }[targetType as 'message'];
  return (
    <MuiLink component={Link} to={to}>
      {label}
    </MuiLink>
  );
}
