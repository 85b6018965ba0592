import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DeleteWithConfirmButton, RecordContextProvider } from 'react-admin';
import type { Coupon } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { useCouponChange } from './couponChanges';

/** Activate/Deactivate (flips isActive) and Delete after the spec's confirmation. */
export function CouponRowActions({ row }: { row: Coupon }) {
  const [change, isPending] = useCouponChange(row);
  const toggle = () => change({ isActive: !row.isActive });
  return (
    <RecordContextProvider value={row}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Button size="small" variant="outlined" disabled={isPending} onClick={toggle}>
          {row.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <DeleteWithConfirmButton
          resource="coupons"
          redirect={false}
          confirmTitle={`Delete coupon ${row.code}`}
          confirmContent={ADMIN_TEXT.confirmDeleteCoupon}
        />
      </Stack>
    </RecordContextProvider>
  );
}
