import { useMemo } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, type Store } from 'react-admin';
import type { Profile } from '../src/contract/user';
import { PRODUCT_NAME } from '../src/config';
import { createAuthProvider } from './providers/authProvider';
import { sessionQueryClient } from './providers/sessionQueryClient';
import { dataProvider } from './dataProvider';
import { AdminLayout } from './layout/AdminLayout';
import { NavigationContext } from './layout/sections';
import { darkTheme, lightTheme } from './layout/themes';
import { GridOptionsProvider, type GridOptions } from './grid/gridOptions';
import { operatorStore } from './openingScreen';
import { COST_ANALYSIS, NAVIGATION, OVERVIEW, SECTIONS } from './registry';

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
      <NavigationContext.Provider value={NAVIGATION}>
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
          dashboard={OVERVIEW.screen}
          disableTelemetry
        >
          {SECTIONS.map((s) => (
            <Resource
              key={s.name}
              name={s.name}
              list={s.list}
              show={s.show}
              icon={s.icon}
              options={{ label: s.label }}
              recordRepresentation={s.recordRepresentation}
            />
          ))}
          <CustomRoutes>
            <Route path={`/${COST_ANALYSIS.path}`} element={<COST_ANALYSIS.screen />} />
          </CustomRoutes>
        </Admin>
      </NavigationContext.Provider>
    </GridOptionsProvider>
  );
}
