import { GridToolbarColumnsButton, GridToolbarContainer, GridToolbarDensitySelector } from '@mui/x-data-grid';

/**
 * The grid's own toolbar holds only what the operator keeps per grid: visible columns and density.
 * Filters and export live in react-admin's bar, where they act on the server-side list.
 */
export function GridPrefsToolbar() {
  return (
    <GridToolbarContainer sx={{ justifyContent: 'flex-end', px: 1 }}>
      <GridToolbarColumnsButton />
      <GridToolbarDensitySelector />
    </GridToolbarContainer>
  );
}
