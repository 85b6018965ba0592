import type { ReactNode } from 'react';
import { SiteFrame } from './SiteFrame';
import { SiteHeader } from './SiteHeader';
import { WelcomeNote } from './WelcomeNote';

/** The frame every public page shares: skip link, header, main content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame header={<SiteHeader />}>
      <WelcomeNote band />
      {children}
    </SiteFrame>
  );
}
