import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { CouponList } from './CouponList';

export default {
  list: CouponList,
  icon: LocalOfferIcon,
  options: { label: 'Coupons' },
  recordRepresentation: 'code',
};
