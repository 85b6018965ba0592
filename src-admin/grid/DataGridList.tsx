import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { BulkActionsToolbar } from 'react-admin';
import { GridPrefsToolbar } from './GridPrefsToolbar';
import { TitleTooltip } from './TitleTooltip';
import { useGridOptions } from './gridOptions';
import { useGridPrefs } from './useGridPrefs';
import { useListBridge } from './useListBridge';

export interface DataGridListProps<T extends GridValidRowModel> {
  columns: GridColDef<T>[];
  /** Where this grid's column visibility and density live in react-admin's store (per operator). */
  storeKey: string;
  /** Bulk action buttons; when set, rows get checkboxes wired to react-admin's selection. */
  bulkActionButtons?: ReactNode;
  pageSizeOptions?: number[];
  empty?: ReactNode;
  /**
   * Columns to hide while the window is narrower than the width given, least important first, so that no
   * grid scrolls sideways at 1024 px. The operator's own choice in the columns menu still wins.
   */
  hideBelow?: Record<string, number>;
  'aria-label'?: string;
}

/** What every console grid shares: the server sorts, filters and pages; rows wrap rather than widen. */
const FIXED = {
  paginationMode: 'server',
  sortingMode: 'server',
  filterMode: 'server',
  disableColumnFilter: true,
  // A server list always has an order, so a third click does not fall back to "unsorted".
  sortingOrder: ['asc', 'desc'],
  disableRowSelectionOnClick: true,
  keepNonExistentRowsSelected: true,
  showToolbar: true,
  slots: { toolbar: GridPrefsToolbar, baseTooltip: TitleTooltip },
  getRowHeight: () => 'auto',
  sx: {
    border: 0,
    // Long values wrap inside their cell rather than widening the grid, and an unbroken one (an email in any
    // column) breaks anywhere rather than being cut off at the cell's edge.
    '& .MuiDataGrid-cell': {
      display: 'flex',
      alignItems: 'center',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      py: 0.5,
    },
    '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
    // The last header's hidden menu button and resize handle hang past the grid's edge and would make a grid
    // whose columns fit exactly scroll sideways.
    '& .MuiDataGrid-columnHeader--last': { overflow: 'hidden' },
  },
} satisfies Partial<DataGridProps>;

/**
 * MUI X DataGrid driven by react-admin's list context: sorting, paging and selection run through the
 * context (so on the server), and react-admin's filters and bulk buttons keep working around it.
 */
export function DataGridList<T extends GridValidRowModel>(props: DataGridListProps<T>) {
  const {
    columns,
    storeKey,
    bulkActionButtons,
    pageSizeOptions = [10, 25, 50, 100],
    empty,
    hideBelow,
  } = props;
  const { list, grid } = useListBridge(columns);
  const prefs = useGridPrefs(storeKey, hideBelow);
  const { disableVirtualization } = useGridOptions();

  if (!list.isPending && (list.data?.length ?? 0) === 0 && empty) return <>{empty}</>;

  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
      {/* Mounted only while rows are selected: react-admin's collapsed bar keeps its buttons in place, on top of
          the grid's toolbar, where they are invisible yet still overlap the Columns and Density targets. */}
      {bulkActionButtons && list.selectedIds?.length ? (
        <BulkActionsToolbar selectAllButton={false}>{bulkActionButtons}</BulkActionsToolbar>
      ) : null}
      <DataGrid<T>
        {...FIXED}
        {...grid}
        {...prefs}
        aria-label={props['aria-label']}
        pageSizeOptions={pageSizeOptions}
        checkboxSelection={Boolean(bulkActionButtons)}
        disableVirtualization={disableVirtualization}
      />
    </Box>
  );
}
