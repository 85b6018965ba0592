import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DeleteWithConfirmButton, RecordContextProvider, useNotify, useUpdate } from 'react-admin';
import type { Coupon } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';

/** Activate/Deactivate (flips isActive) and Delete after the spec's confirmation. */
export function CouponRowActions({ row }: { row: Coupon }) {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const toggle = () =>
    update(
      'coupons',
      { id: row.id, data: { isActive: !row.isActive }, previousData: row },
      { mutationMode: 'pessimistic', onError: (err) => notify((err as Error).message, { type: 'error' }) },
    );
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
