import type { ReactNode } from 'react';
import './siteChrome.css';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { WelcomeNote } from '../account/WelcomeNote';

/** The frame every public page shares: skip link, header, main content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="pk-public">
      <a className="pk-skip" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <WelcomeNote band />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
