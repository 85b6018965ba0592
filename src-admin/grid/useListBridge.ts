import { useCallback, useMemo, useRef } from 'react';
import type {
  GridColDef,
  GridPaginationModel,
  GridRowSelectionModel,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { useListContext, type Identifier } from 'react-admin';
import { isSortable } from '../providers/sortableFields';

/**
 * The grid's rows, sorting, paging and selection, read from and written to react-admin's list context (so
 * the server sorts and pages, and react-admin's filters and bulk buttons keep working around the grid).
 */
export function useListBridge<T extends GridValidRowModel>(columns: GridColDef<T>[]) {
  const list = useListContext<T & { id: Identifier }>();
  // A column shows a sort arrow only when the server sorts by it: an arrow that does nothing misleads.
  const sortableColumns = useMemo(
    () =>
      columns.map((c) => ({
        ...c,
        sortable: c.sortable !== false && isSortable(list.resource, c.field),
      })),
    [columns, list.resource],
  );
  const sortModel: GridSortModel = useMemo(
    () =>
      list.sort?.field ? [{ field: list.sort.field, sort: list.sort.order === 'DESC' ? 'desc' : 'asc' }] : [],
    [list.sort?.field, list.sort?.order],
  );
  const page = Math.max(0, (list.page ?? 1) - 1);
  const pageSize = list.perPage ?? 25;
  const paginationModel: GridPaginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const rowSelectionModel: GridRowSelectionModel = useMemo(
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

  const grid = {
    rows: list.data ?? [],
    columns: sortableColumns,
    rowCount: list.total ?? 0,
    loading: list.isPending || list.isFetching,
    sortModel,
    onSortModelChange,
    paginationModel,
    onPaginationModelChange,
    rowSelectionModel,
    onRowSelectionModelChange,
  };
  return { list, grid };
}
