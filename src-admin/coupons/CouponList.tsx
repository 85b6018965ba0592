import { BulkDeleteButton, BulkUpdateButton, List, TopToolbar, useRefresh } from 'react-admin';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { DataGridList } from '../grid/DataGridList';
import { ExportCsvButton } from '../csv/ExportCsvButton';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { couponColumns, couponCsvColumns } from './couponColumns';
import { couponFilters } from './couponFilters';
import { CouponStatsCards } from './CouponStatsCards';
import { CouponCreateForm } from './CouponCreateForm';

const STORE_KEY = 'coupons.grid';

function CouponBulkActions() {
  return (
    <>
      <BulkUpdateButton
        label="Activate"
        data={{ isActive: true }}
        mutationMode="pessimistic"
        icon={<CheckCircleIcon />}
        confirmContent="Activate the selected coupons?"
      />
      <BulkUpdateButton
        label="Deactivate"
        data={{ isActive: false }}
        mutationMode="pessimistic"
        icon={<BlockIcon />}
        confirmContent="Deactivate the selected coupons?"
      />
      <BulkDeleteButton mutationMode="pessimistic" confirmContent={ADMIN_TEXT.confirmDeleteCoupon} />
    </>
  );
}

function CouponListBody() {
  const refresh = useRefresh();
  return (
    <>
      <CouponStatsCards />
      <CouponCreateForm onCreated={refresh} />
      <DataGridList
        columns={couponColumns}
        storeKey={STORE_KEY}
        bulkActionButtons={<CouponBulkActions />}
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
