import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import type { Coupon } from '../../src/contract/admin';
import { actionsColumn } from '../common/columns';
import type { ExportColumn } from '../csv/ExportCsvButton';
import {
  couponDiscount,
  couponDisplayStatus,
  couponExpiry,
  couponUsage,
  type CouponDisplayStatus,
} from './couponStatus';
import { CouponRowActions } from './CouponRowActions';

const STATUS_COLOUR: Record<CouponDisplayStatus, 'default' | 'success' | 'warning' | 'error'> = {
  Active: 'success',
  Inactive: 'default',
  Expired: 'error',
  'Used Up': 'warning',
};

/** Least important first: what goes when the window narrows. */
export const COUPON_HIDE_BELOW = { createdBy: 1280 };

/** The coupon columns, in the spec's order. */
export const couponColumns: GridColDef<Coupon>[] = [
  { field: 'code', headerName: 'Code', flex: 1, minWidth: 120 },
  { field: 'amount', headerName: 'Discount', width: 110, valueFormatter: (_v, r) => couponDiscount(r) },
  { field: 'usedCount', headerName: 'Usage', width: 100, valueFormatter: (_v, r) => couponUsage(r) },
  { field: 'expiresAt', headerName: 'Expires', width: 170, valueFormatter: (_v, r) => couponExpiry(r) },
  {
    field: 'isActive',
    headerName: 'Status',
    width: 110,
    renderCell: ({ row }) => {
      const s = couponDisplayStatus(row);
      return <Chip size="small" label={s} color={STATUS_COLOUR[s]} />;
    },
  },
  { field: 'createdBy', headerName: 'Created by', flex: 1, minWidth: 140 },
  actionsColumn(220, (row) => <CouponRowActions row={row} />),
];

export const couponCsvColumns: ExportColumn<Coupon>[] = [
  { field: 'code', header: 'Code', value: (r) => r.code },
  { field: 'amount', header: 'Discount', value: (r) => couponDiscount(r) },
  { field: 'usedCount', header: 'Usage', value: (r) => couponUsage(r) },
  { field: 'expiresAt', header: 'Expires', value: (r) => r.expiresAt ?? 'Never' },
  { field: 'isActive', header: 'Status', value: (r) => couponDisplayStatus(r) },
  { field: 'createdBy', header: 'Created by', value: (r) => r.createdBy },
];
