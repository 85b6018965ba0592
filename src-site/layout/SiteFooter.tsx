import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FOUNDER, PRODUCT_NAME, SUPPORT_EMAIL } from '../../src/config';
import { LazyContactModal } from '../ui/LazyContactModal';
import { BrandLink } from './BrandLink';

type Variant = 'contact' | 'support';

/** Footer of the public pages: legal links, the two contact entry points and the founder's profiles. */
export function SiteFooter() {
  const [variant, setVariant] = useState<Variant | null>(null);
  const open = (v: Variant) => () => {
    setVariant(v);
  };
  // The dialog hands focus back to the button that opened it.
  const close = () => setVariant(null);
  const year = new Date().getFullYear();
  return (
    <footer className="pk-footer">
      <div className="pk-container">
        <div className="pk-footer__grid">
          <div>
            <BrandLink markSize={28} />
            <p className="pk-footer__about">
              Save the posts worth keeping from X, LinkedIn, Reddit, Instagram and Pinterest, and find them
              again in seconds.
            </p>
          </div>
          <div>
            <h2>Product</h2>
            <ul>
              <li>
                <a href="/#features">Features</a>
              </li>
              <li>
                <a href="/#pricing">Pricing</a>
              </li>
              <li>
                <Link to="/help">Help center</Link>
              </li>
              <li>
                <Link to="/dashboard/login">Sign in</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2>Company</h2>
            <ul>
              <li>
                <Link to="/privacy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
              <li>
                <button type="button" className="pk-btn pk-btn--link" onClick={open('contact')}>
                  Get in Touch
                </button>
              </li>
              <li>
                <button type="button" className="pk-btn pk-btn--link" onClick={open('support')}>
                  Support
                </button>
              </li>
            </ul>
          </div>
          <div>
            <h2>Follow {FOUNDER.name.split(' ')[0]}</h2>
            <ul>
              {FOUNDER.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} target="_blank" rel="noopener noreferrer">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="pk-footer__bottom">
          <span suppressHydrationWarning>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </span>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </div>
      </div>
      <LazyContactModal variant={variant ?? 'contact'} open={variant !== null} onClose={close} />
    </footer>
  );
}
