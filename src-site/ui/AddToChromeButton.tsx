import { EXTENSION_STORE_URL } from '../../src/config';
import { ChromeIcon } from './icons';

/** The store listing opens in a new tab; noopener keeps the listing from reaching back into this page. */
export function AddToChromeButton({ size }: { size?: 'lg' }) {
  return (
    <a
      className={`pk-btn pk-btn--primary${size === 'lg' ? ' pk-btn--lg' : ''}`}
      href={EXTENSION_STORE_URL}
      target="_blank"
      rel="noopener"
    >
      <ChromeIcon />
      Add to Chrome
    </a>
  );
}
