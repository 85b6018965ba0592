import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

type Named = { email: string; name?: string | null; displayName?: string | null };

/** The User column of the abuse lists: display name over email, wrapping rather than widening the grid. */
export function userColumn<R extends GridValidRowModel & Named>(): GridColDef<R> {
  return {
    field: 'email',
    headerName: 'User',
    flex: 1.4,
    minWidth: 180,
    renderCell: ({ row }) => (
      <div style={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
        <div>{row.displayName || row.name}</div>
        <Typography variant="caption" color="text.secondary">
          {row.email}
        </Typography>
      </div>
    ),
  };
}

/** The plan, as short as it reads ('free', 'premium'). */
export const planColumn = { field: 'plan', headerName: 'Plan', width: 80 } as const;

/** The last column: a row's buttons, never sorted and never hidden from the columns menu. */
export function actionsColumn<R extends GridValidRowModel>(
  width: number,
  render: (row: R) => ReactNode,
): GridColDef<R> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) => render(row),
  };
}
