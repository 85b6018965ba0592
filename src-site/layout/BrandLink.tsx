import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../src/config';
import { BrandMark } from '../ui/icons';

/** The logo and product name, linking home: the first thing in every header and in the footer. */
export function BrandLink({ markSize }: { markSize?: number }) {
  return (
    <Link to="/" className="pk-brand" aria-label={`${PRODUCT_NAME} home`}>
      <BrandMark size={markSize} />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
