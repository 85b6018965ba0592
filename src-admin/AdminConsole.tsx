import { useMemo } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, type Store } from 'react-admin';
import type { Profile } from '../src/contract/user';
import { PRODUCT_NAME } from '../src/config';
import { createAuthProvider } from './providers/authProvider';
import { sessionQueryClient } from './providers/sessionQueryClient';
import { dataProvider } from './providers/dataProvider';
import { AdminLayout } from './layout/AdminLayout';
import { darkTheme, lightTheme } from './layout/themes';
import { GridOptionsProvider, type GridOptions } from './grid/gridOptions';
import { CostAnalysis, Overview, operatorStore } from './openingScreen';

import users from './users';
import coupons from './coupons';
import flagged from './flagged';
import aiConfig from './ai-config';
import suspicious from './suspicious';
import support from './support';
import audit from './audit';

const NO_OPTIONS: GridOptions = {};

export interface AdminConsoleProps {
  profile: Profile;
  /** Tests pass a memory store; the app keeps grid preferences per operator in localStorage. */
  store?: Store;
  basename?: string;
  /** Options shared by every grid (tests render every row: their document lays nothing out). */
  gridOptions?: GridOptions;
}

/** react-admin over an already resolved admin session (see AdminApp). */
export function AdminConsole({
  profile,
  store,
  basename = '/admin',
  gridOptions = NO_OPTIONS,
}: AdminConsoleProps) {
  const authProvider = useMemo(() => createAuthProvider(profile), [profile]);
  const queryClient = useMemo(() => sessionQueryClient(profile), [profile]);
  const adminStore = useMemo(() => store ?? operatorStore(profile._id), [store, profile._id]);
  return (
    <GridOptionsProvider value={gridOptions}>
      <Admin
        basename={basename}
        title={`${PRODUCT_NAME} Admin`}
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        store={adminStore}
        layout={AdminLayout}
        theme={lightTheme}
        darkTheme={darkTheme}
        dashboard={Overview}
        disableTelemetry
      >
        <Resource name="users" {...users} />
        <Resource name="coupons" {...coupons} />
        <Resource name="flagged" {...flagged} />
        <Resource name="ai-config" {...aiConfig} />
        <Resource name="suspicious" {...suspicious} />
        <Resource name="messages" {...support} />
        <Resource name="audit-log" {...audit} />
        <CustomRoutes>
          <Route path="/cost-analysis" element={<CostAnalysis />} />
        </CustomRoutes>
      </Admin>
    </GridOptionsProvider>
  );
}
