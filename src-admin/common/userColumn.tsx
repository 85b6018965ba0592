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
