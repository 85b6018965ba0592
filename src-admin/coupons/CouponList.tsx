import DeleteIcon from '@mui/icons-material/Delete';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { BulkActions, updateEach, type BulkAction } from '../common/BulkActions';
import { ConsoleList } from '../common/ConsoleList';
import { DataGridList } from '../grid/DataGridList';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { COUPON_HIDE_BELOW, couponColumns, couponCsvColumns } from './couponColumns';
import { couponFilters } from './couponFilters';
import { CouponStatsCards } from './CouponStatsCards';
import { CouponCreateForm } from './CouponCreateForm';
import { couponFirstPage } from './couponData';
import { CouponChangesProvider } from './couponChanges';

const STORE_KEY = 'coupons.grid';

const couponBulkActions: BulkAction[] = [
  {
    label: 'Activate',
    icon: <CheckCircleIcon />,
    confirm: 'Activate the selected coupons?',
    run: updateEach('coupons', { isActive: true }),
  },
  {
    label: 'Deactivate',
    icon: <BlockIcon />,
    confirm: 'Deactivate the selected coupons?',
    run: updateEach('coupons', { isActive: false }),
  },
  {
    label: 'Delete',
    icon: <DeleteIcon />,
    confirm: ADMIN_TEXT.confirmDeleteCoupon,
    run: (provider) => (r) => provider.delete('coupons', { id: r.id, previousData: r }),
  },
];

export function CouponList() {
  return (
    <ConsoleList
      title="Coupons"
      filters={couponFilters}
      csv={{ columns: couponCsvColumns, filename: 'coupons', storeKey: STORE_KEY }}
      {...couponFirstPage}
    >
      <CouponStatsCards />
      <CouponCreateForm />
      <CouponChangesProvider>
        <DataGridList
          columns={couponColumns}
          storeKey={STORE_KEY}
          bulkActionButtons={<BulkActions actions={couponBulkActions} />}
          hideBelow={COUPON_HIDE_BELOW}
          aria-label="Coupons"
        />
      </CouponChangesProvider>
    </ConsoleList>
  );
}
