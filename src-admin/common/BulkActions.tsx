import { useDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider';
import { BulkRunButton, type BulkRunButtonProps } from './BulkRunButton';

/** One bulk action of a list: its button and question, and the change for one row through the providers. */
export interface BulkAction extends Omit<BulkRunButtonProps, 'run'> {
  run: (provider: AdminDataProvider) => BulkRunButtonProps['run'];
}

/** A bulk change that goes through the provider's update, one row at a time, so a refusal names its row. */
export const updateEach =
  (resource: string, data: Partial<RaRecord>) =>
  (provider: DataProvider): BulkRunButtonProps['run'] =>
  (r) =>
    provider.update(resource, { id: r.id, data, previousData: r });

/** The bulk buttons of a list, from its table of actions, in order. */
export function BulkActions({ actions }: { actions: readonly BulkAction[] }) {
  const provider = useDataProvider<AdminDataProvider>();
  return (
    <>
      {actions.map(({ run, ...action }) => (
        <BulkRunButton key={action.label} {...action} run={run(provider)} />
      ))}
    </>
  );
}
