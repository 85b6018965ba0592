import { lazy } from 'react';

// Each section is its own chunk: opening one section downloads only its code.
const CouponList = lazy(() => import('./CouponList').then((m) => ({ default: m.CouponList })));

export default {
  list: CouponList,
  options: { label: 'Coupons' },
  recordRepresentation: 'code',
};
