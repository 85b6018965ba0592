import type { AdminUser } from '../../src/contract/admin';
import { createRowChanges } from '../common/rowChanges';

/** The Users rows' plan and ads changes, through one shared update (common/rowChanges.tsx). */
export const { RowChangesProvider: UserChangesProvider, useRowChange: useUserChange } = createRowChanges<
  AdminUser & { id: string }
>('users');
