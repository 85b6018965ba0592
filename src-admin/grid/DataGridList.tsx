import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridDensity,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { BulkActionsToolbar, useListContext, useStore, type Identifier } from 'react-admin';
import { isSortable } from '../providers/sortableFields';
import { GridPrefsToolbar } from './GridPrefsToolbar';
import { useGridOptions, useWindowWidth } from './gridOptions';

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
  const list = useListContext<T & { id: Identifier }>();
  const { disableVirtualization } = useGridOptions();
  const windowWidth = useWindowWidth();
  const [visibility, setVisibility] = useStore<GridColumnVisibilityModel>(`${storeKey}.columns`, {});
  const narrowHidden = useMemo(() => {
    const hidden: GridColumnVisibilityModel = {};
    for (const [field, below] of Object.entries(hideBelow ?? {}))
      if (windowWidth < below) hidden[field] = false;
    return hidden;
  }, [hideBelow, windowWidth]);
  const shownColumns = useMemo(() => ({ ...narrowHidden, ...visibility }), [narrowHidden, visibility]);
  // Only the operator's own choices are kept: a column hidden for the window's width is not a choice.
  const onVisibilityChange = (model: GridColumnVisibilityModel) =>
    setVisibility(
      Object.fromEntries(
        Object.entries(model).filter(([f, v]) => !(f in narrowHidden && v === false && !(f in visibility))),
      ),
    );
  // A column shows a sort arrow only when the server sorts by it: an arrow that does nothing misleads.
  const sortableColumns = useMemo(
    () =>
      columns.map((c) => ({
        ...c,
        sortable: c.sortable !== false && isSortable(list.resource, c.field),
      })),
    [columns, list.resource],
  );
  const [density, setDensity] = useStore<GridDensity>(`${storeKey}.density`, 'standard');

  const sortModel: GridSortModel = useMemo(
    () =>
      list.sort?.field ? [{ field: list.sort.field, sort: list.sort.order === 'DESC' ? 'desc' : 'asc' }] : [],
    [list.sort?.field, list.sort?.order],
  );
  const paginationModel: GridPaginationModel = {
    page: Math.max(0, (list.page ?? 1) - 1),
    pageSize: list.perPage ?? 25,
  };
  const selection: GridRowSelectionModel = useMemo(
    () => ({ type: 'include', ids: new Set<Identifier>(list.selectedIds ?? []) }),
    [list.selectedIds],
  );

  // The grid may keep a handler from an earlier render; a stale setSort would rebuild the query without a
  // filter chosen since. The handlers therefore always read the latest list context.
  const latest = useRef(list);
  latest.current = list;
  const onSortModelChange = useCallback((model: GridSortModel) => {
    const first = model[0];
    if (!first?.sort) latest.current.setSort({ field: '', order: 'ASC' });
    else latest.current.setSort({ field: first.field, order: first.sort === 'desc' ? 'DESC' : 'ASC' });
  }, []);
  const onPaginationModelChange = useCallback((model: GridPaginationModel) => {
    const current = latest.current;
    if (model.pageSize !== current.perPage) current.setPerPage(model.pageSize);
    else if (model.page + 1 !== current.page) current.setPage(model.page + 1);
  }, []);
  const onRowSelectionModelChange = useCallback((model: GridRowSelectionModel) => {
    const current = latest.current;
    // "exclude" means every row on screen except these (the header checkbox).
    const ids =
      model.type === 'include'
        ? [...model.ids]
        : (current.data ?? []).map((r) => r.id).filter((id) => !model.ids.has(id));
    current.onSelect(ids as (T & { id: Identifier })['id'][]);
  }, []);

  if (!list.isPending && (list.data?.length ?? 0) === 0 && empty) return <>{empty}</>;

  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
      {bulkActionButtons ? (
        <BulkActionsToolbar selectAllButton={false}>{bulkActionButtons}</BulkActionsToolbar>
      ) : null}
      <DataGrid<T>
        aria-label={props['aria-label']}
        rows={list.data ?? []}
        columns={sortableColumns}
        rowCount={list.total ?? 0}
        loading={list.isPending || list.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={pageSizeOptions}
        sortModel={sortModel}
        // A server list always has an order, so a third click does not fall back to "unsorted".
        sortingOrder={['asc', 'desc']}
        onSortModelChange={onSortModelChange}
        checkboxSelection={Boolean(bulkActionButtons)}
        disableRowSelectionOnClick
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={onRowSelectionModelChange}
        columnVisibilityModel={shownColumns}
        onColumnVisibilityModelChange={onVisibilityChange}
        density={density}
        onDensityChange={setDensity}
        showToolbar
        slots={{ toolbar: GridPrefsToolbar }}
        disableVirtualization={disableVirtualization}
        getRowHeight={() => 'auto'}
        sx={{
          border: 0,
          // Long values wrap inside their cell rather than widening the grid.
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', whiteSpace: 'normal', py: 0.5 },
          '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
        }}
      />
    </Box>
  );
}
