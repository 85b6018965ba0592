import type { ReactNode } from 'react';
import './account.css';
import { AccountHeader } from './AccountHeader';
import { SiteFrame } from './SiteFrame';
import { WelcomeNote } from './WelcomeNote';

/** The frame of the signed-in pages: skip link, account header, content, the site footer. */
export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame header={<AccountHeader />} mainClassName="pk-account">
      <div className="pk-container">
        <WelcomeNote />
        {children}
      </div>
    </SiteFrame>
  );
}
