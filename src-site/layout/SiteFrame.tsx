import type { ReactNode } from 'react';
// In this order: later rules of equal weight win, and the site's style sheets rely on it.
import './siteChrome.css';
import '../ui/buttons.css';
import './footer.css';
import './contentPage.css';
import { SiteFooter } from './SiteFooter';

/**
 * What every site page shares: the skip link, a header, the main content (the skip link's target) and the
 * footer. The public and account layouts differ only in their header and the main area's class.
 */
export function SiteFrame({
  header,
  mainClassName,
  children,
}: {
  header: ReactNode;
  mainClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="pk-public">
      <a className="pk-skip" href="#main">
        Skip to content
      </a>
      {header}
      <main id="main" tabIndex={-1} className={mainClassName}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
