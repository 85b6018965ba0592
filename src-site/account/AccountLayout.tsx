import type { ReactNode } from 'react';
import '../landing/siteChrome.css';
import './account.css';
import { SiteFooter } from '../landing/SiteFooter';
import { AccountHeader } from './AccountHeader';
import { WelcomeNote } from './WelcomeNote';

/** The frame of the signed-in pages: skip link, account header, content, the site footer. */
export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="pk-public">
      <a className="pk-skip" href="#main">
        Skip to content
      </a>
      <AccountHeader />
      <main id="main" tabIndex={-1} className="pk-account">
        <div className="pk-container">
          <WelcomeNote />
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
