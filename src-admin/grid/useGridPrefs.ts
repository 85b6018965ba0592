import { useMemo } from 'react';
import type { GridColumnVisibilityModel, GridDensity } from '@mui/x-data-grid';
import { useStore } from 'react-admin';
import { useWindowWidth } from './gridOptions';

/**
 * The operator's column visibility and density for one grid, kept in react-admin's store under `storeKey`,
 * with the `hideBelow` columns hidden while the window is narrower than their width.
 */
export function useGridPrefs(storeKey: string, hideBelow: Record<string, number> | undefined) {
  const windowWidth = useWindowWidth();
  const [visibility, setVisibility] = useStore<GridColumnVisibilityModel>(`${storeKey}.columns`, {});
  const narrowHidden = useMemo(() => {
    const hidden: GridColumnVisibilityModel = {};
    for (const [field, below] of Object.entries(hideBelow ?? {}))
      if (windowWidth < below) hidden[field] = false;
    return hidden;
  }, [hideBelow, windowWidth]);
  const columnVisibilityModel = useMemo(
    () => ({ ...narrowHidden, ...visibility }),
    [narrowHidden, visibility],
  );
  // Only the operator's own choices are kept: a column hidden for the window's width is not a choice.
  const onColumnVisibilityModelChange = (model: GridColumnVisibilityModel) =>
    setVisibility(
      Object.fromEntries(
        Object.entries(model).filter(([f, v]) => !(f in narrowHidden && v === false && !(f in visibility))),
      ),
    );
  const [density, onDensityChange] = useStore<GridDensity>(`${storeKey}.density`, 'standard');
  return { columnVisibilityModel, onColumnVisibilityModelChange, density, onDensityChange };
}
