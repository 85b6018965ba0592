import Alert from '@mui/material/Alert';
import { ADMIN_KEYS, useAdminQuery } from '../common/adminQueries';
import { StatCard, StatRow } from '../common/StatCard';

/** The four coupon cards; every coupon write invalidates ['coupons'], so creates and deletes show here. */
export function CouponStatsCards() {
  const { data, error } = useAdminQuery(ADMIN_KEYS.couponStats, 'couponStats');
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
