import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminMenu } from './AdminMenu';
import { SectionTabs } from './SectionTabs';

// react-admin's layout grows to fit its content; a wide grid would then push the page past the window.
// Letting every level shrink keeps the grid inside the window, scrolling its own columns instead.
const FIT_VIEWPORT = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .list-page, & .RaList-main': {
    minWidth: 0,
  },
} as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} sx={FIT_VIEWPORT}>
      <SectionTabs />
      {children}
    </Layout>
  );
}
