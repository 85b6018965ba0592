import { List, TopToolbar, useDataProvider, type RaRecord } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { BulkRunButton } from '../common/BulkRunButton';
import { DataGridList } from '../grid/DataGridList';
import { ExportCsvButton } from '../csv/ExportCsvButton';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { COUPON_HIDE_BELOW, couponColumns, couponCsvColumns } from './couponColumns';
import { couponFilters } from './couponFilters';
import { CouponStatsCards } from './CouponStatsCards';
import { CouponCreateForm } from './CouponCreateForm';

const STORE_KEY = 'coupons.grid';

function CouponBulkActions() {
  const dataProvider = useDataProvider();
  const setActive = (isActive: boolean) => (r: RaRecord) =>
    dataProvider.update('coupons', { id: r.id, data: { isActive }, previousData: r });
  return (
    <>
      <BulkRunButton
        label="Activate"
        icon={<CheckCircleIcon />}
        confirm="Activate the selected coupons?"
        run={setActive(true)}
      />
      <BulkRunButton
        label="Deactivate"
        icon={<BlockIcon />}
        confirm="Deactivate the selected coupons?"
        run={setActive(false)}
      />
      <BulkRunButton
        label="Delete"
        icon={<DeleteIcon />}
        confirm={ADMIN_TEXT.confirmDeleteCoupon}
        run={(r) => dataProvider.delete('coupons', { id: r.id, previousData: r })}
      />
    </>
  );
}

function CouponListBody() {
  return (
    <>
      <CouponStatsCards />
      <CouponCreateForm />
      <DataGridList
        columns={couponColumns}
        storeKey={STORE_KEY}
        bulkActionButtons={<CouponBulkActions />}
        hideBelow={COUPON_HIDE_BELOW}
        aria-label="Coupons"
      />
    </>
  );
}

export function CouponList() {
  return (
    <List
      title="Coupons"
      filters={couponFilters}
      actions={
        <TopToolbar>
          <ExportCsvButton columns={couponCsvColumns} filename="coupons" storeKey={STORE_KEY} />
        </TopToolbar>
      }
      sort={{ field: 'createdAt', order: 'DESC' }}
      pagination={false}
      exporter={false}
      empty={false}
    >
      <CouponListBody />
    </List>
  );
}
