import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import { useListContext } from 'react-admin';
import { useAdminProvider } from '../common/useAdminProvider';
import { useLoad } from '../common/useLoad';
import { StatCard, StatRow } from '../common/StatCard';

/** docs/product.md#console-coupons the four coupon cards; they reload whenever the list does, so creates and deletes show. */
export function CouponStatsCards() {
  const provider = useAdminProvider();
  const { data, error, reload } = useLoad(() => provider.getCouponStats());
  const { data: rows } = useListContext();
  useEffect(() => {
    if (rows) void reload();
  }, [rows, reload]);
  return (
    <>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      ) : null}
      <StatRow>
        <StatCard label="Total Coupons" value={data?.totalCoupons ?? 0} />
        <StatCard label="Active Coupons" value={data?.activeCoupons ?? 0} />
        <StatCard label="Expired" value={data?.expiredCoupons ?? 0} />
        <StatCard label="Total Usage" value={data?.totalUsages ?? 0} />
      </StatRow>
    </>
  );
}
