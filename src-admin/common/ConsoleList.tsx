import type { ReactElement, ReactNode } from 'react';
import { FilterButton, List, TopToolbar, type SortPayload } from 'react-admin';
import { ExportCsvButton, type ExportColumn } from '../csv/ExportCsvButton';

export interface ConsoleListProps<R> {
  title: string;
  /** Only where the list is mounted outside its own resource route. */
  resource?: string;
  filters: ReactElement[];
  sort: SortPayload;
  perPage?: number;
  /** The export in the top bar: its columns, file name and the grid whose hidden columns it leaves out. */
  csv: { columns: ExportColumn<R>[]; filename: string; storeKey?: string };
  /** The "Add filter" button before the export. */
  filterButton?: boolean;
  /** More buttons after the export. */
  actions?: ReactNode;
  /** Keep react-admin's empty page when nothing matches an unfiltered list (instead of the grid). */
  emptyPage?: boolean;
  children: ReactNode;
}

/**
 * The react-admin `<List>` every console section uses: no pagination bar (the grid pages), no built-in
 * exporter (the CSV button exports the whole filtered set), and its top bar.
 */
export function ConsoleList<R>({
  csv,
  filterButton,
  actions,
  emptyPage,
  children,
  ...list
}: ConsoleListProps<R>) {
  return (
    <List
      {...list}
      actions={
        <TopToolbar>
          {filterButton ? <FilterButton /> : null}
          <ExportCsvButton {...csv} />
          {actions}
        </TopToolbar>
      }
      pagination={false}
      exporter={false}
      empty={emptyPage ? undefined : false}
    >
      {children}
    </List>
  );
}
