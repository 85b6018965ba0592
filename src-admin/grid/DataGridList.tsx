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
import { GridPrefsToolbar } from './GridPrefsToolbar';
import { BulkActionsToolbar, useListContext, useStore, type Identifier } from 'react-admin';

export interface DataGridListProps<T extends GridValidRowModel> {
  columns: GridColDef<T>[];
  /** Where this grid's column visibility and density live in react-admin's store (per operator). */
  storeKey: string;
  /** Bulk action buttons; when set, rows get checkboxes wired to react-admin's selection. */
  bulkActionButtons?: ReactNode;
  pageSizeOptions?: number[];
  empty?: ReactNode;
  'aria-label'?: string;
}

// jsdom lays nothing out, so the grid would virtualise every row away in component tests.
const inTest = import.meta.env?.MODE === 'test';

/**
 * MUI X DataGrid driven by react-admin's list context: sorting, paging and selection run through the
 * context (so on the server), and react-admin's filters and bulk buttons keep working around it.
 */
export function DataGridList<T extends GridValidRowModel>(props: DataGridListProps<T>) {
  const { columns, storeKey, bulkActionButtons, pageSizeOptions = [10, 25, 50, 100], empty } = props;
  const list = useListContext<T & { id: Identifier }>();
  const [visibility, setVisibility] = useStore<GridColumnVisibilityModel>(`${storeKey}.columns`, {});
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
        columns={columns}
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
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={(model) => setVisibility(model)}
        density={density}
        onDensityChange={setDensity}
        showToolbar
        slots={{ toolbar: GridPrefsToolbar }}
        disableVirtualization={inTest}
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
      />
    </Box>
  );
}
