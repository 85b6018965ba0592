import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { ConsoleAppBar } from './ConsoleAppBar';
import { SectionTabs } from './SectionTabs';

// react-admin's layout grows to fit its content; a wide grid would then push the page past the window.
// Letting every level shrink keeps the grid inside the window.
const FIT_VIEWPORT = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .list-page, & .RaList-main': {
    minWidth: 0,
  },
  // The tabs are the one navigation: no side menu, so its space goes to the content.
  '& .RaLayout-content': { px: { xs: 1, md: 2 } },
  '& .RaAppBar-menuButton': { display: 'none' },
} as const;

/** The sections live in the tab bar only; react-admin's side menu and its toggle are left out. */
function NoMenu() {
  return null;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ConsoleAppBar} menu={NoMenu} sidebar={NoMenu} sx={FIT_VIEWPORT}>
      <SectionTabs />
      {children}
    </Layout>
  );
}
