import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** Options every grid of the console shares, set once where the console is mounted. */
export interface GridOptions {
  /** Render every row and column instead of those in view (a test document lays nothing out). */
  disableVirtualization?: boolean;
}

const GridOptionsContext = createContext<GridOptions>({});

export function GridOptionsProvider({ value, children }: { value: GridOptions; children: ReactNode }) {
  return <GridOptionsContext.Provider value={value}>{children}</GridOptionsContext.Provider>;
}

export const useGridOptions = () => useContext(GridOptionsContext);

/** The window's width, followed as it changes. */
export function useWindowWidth(): number {
  const read = () => (typeof window === 'undefined' ? 1920 : window.innerWidth);
  const [width, setWidth] = useState(read);
  useEffect(() => {
    const onResize = () => setWidth(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
