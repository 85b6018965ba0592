import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { preloadable } from '../common/preloadable';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const CouponList = preloadable(() => import('./CouponList').then((m) => m.CouponList));

export default section('Coupons', LocalOfferIcon, CouponList, { recordRepresentation: 'code' });

/** Its endpoint, for the data provider. */
export { couponData as data } from './couponData';
