import { createAdminDataProvider } from './providers/dataProvider';
import { withListsAhead } from './providers/listsAhead';
import { RESOURCE_SPECS } from './registry';

/** The console's one data provider, given the registry's endpoints (the provider never imports a section). */
export const dataProvider = withListsAhead(createAdminDataProvider({ specs: RESOURCE_SPECS }));
