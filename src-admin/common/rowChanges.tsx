import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useEvent, useNotify, useUpdate, type Identifier, type RaRecord } from 'react-admin';

interface RowChanges<R extends RaRecord> {
  run: (row: R, data: Partial<R>) => Promise<void>;
  pending: ReadonlySet<Identifier>;
}

/**
 * One react-admin `useUpdate` for every row of a list's buttons and toggles, instead of one or two per row: a
 * page of Users rows mounted fifty mutation hooks before its first paint (docs/PERFORMANCE.md#lighter-rows).
 * Each change is its own pessimistic call with its own promise, so a refusal still names its row and a row
 * stays disabled only while its own change is on the way.
 */
export function createRowChanges<R extends RaRecord>(resource: string) {
  const Context = createContext<RowChanges<R> | null>(null);

  function RowChangesProvider({ children }: { children: ReactNode }) {
    const [update] = useUpdate<R>();
    const notify = useNotify();
    const [pending, setPending] = useState<ReadonlySet<Identifier>>(() => new Set());
    // Stable across renders, so the rows re-render only when what is pending changes.
    const run = useEvent(async (row: R, data: Partial<R>) => {
      setPending((p) => new Set(p).add(row.id));
      try {
        await update(
          resource,
          { id: row.id, data, previousData: row },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } catch (err) {
        notify((err as Error).message, { type: 'error' });
      } finally {
        setPending((p) => {
          const next = new Set(p);
          next.delete(row.id);
          return next;
        });
      }
    });
    const value = useMemo(() => ({ run, pending }), [run, pending]);
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }

  /** Change this row; `isPending` while that change is on the way. */
  function useRowChange(row: R) {
    const changes = useContext(Context);
    if (!changes) throw new Error(`useRowChange needs the ${resource} RowChangesProvider around the grid`);
    return [(data: Partial<R>) => void changes.run(row, data), changes.pending.has(row.id)] as const;
  }

  return { RowChangesProvider, useRowChange };
}
