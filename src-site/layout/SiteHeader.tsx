import { Link } from 'react-router-dom';
import { AddToChromeButton } from '../ui/AddToChromeButton';
import { BrandLink } from './BrandLink';

/** Header of the public pages. Section links are plain anchors so they also work on the pre-rendered page. */
export function SiteHeader() {
  return (
    <header className="pk-header">
      <div className="pk-container pk-header__inner">
        <BrandLink />
        <nav className="pk-nav" aria-label="Main">
          <a className="pk-nav__section" href="/#features">
            Features
          </a>
          <a className="pk-nav__section" href="/#pricing">
            Pricing
          </a>
          <Link className="pk-nav__section" to="/help">
            Help
          </Link>
          <Link className="pk-header__signin" to="/dashboard/login">
            Sign in
          </Link>
        </nav>
        <AddToChromeButton />
      </div>
    </header>
  );
}
