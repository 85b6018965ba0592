import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider';

/** The data provider with its named calls typed (flag, unflag, getOverview…). */
export function useAdminProvider(): AdminDataProvider {
  return useDataProvider() as unknown as AdminDataProvider;
}
