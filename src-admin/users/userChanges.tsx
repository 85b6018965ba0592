import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useEvent, useNotify, useUpdate, type Identifier } from 'react-admin';
import type { AdminUser } from '../../src/contract/admin';

type Row = AdminUser & { id: string };

interface UserChanges {
  run: (row: Row, data: Partial<AdminUser>) => Promise<void>;
  pending: ReadonlySet<Identifier>;
}

const UserChangesContext = createContext<UserChanges | null>(null);

/**
 * One react-admin `useUpdate` for every row's plan and ads buttons, instead of two per row: a page of rows
 * mounted fifty mutation hooks before its first paint (docs/PERFORMANCE.md#lighter-rows). Each change is its
 * own pessimistic call with its own promise, so a refusal still names its row and a row stays disabled only
 * while its own change is on the way.
 */
export function UserChangesProvider({ children }: { children: ReactNode }) {
  const [update] = useUpdate<Row>();
  const notify = useNotify();
  const [pending, setPending] = useState<ReadonlySet<Identifier>>(() => new Set());
  // Stable across renders, so the rows re-render only when what is pending changes.
  const run = useEvent(async (row: Row, data: Partial<AdminUser>) => {
    setPending((p) => new Set(p).add(row.id));
    try {
      await update(
        'users',
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
  return <UserChangesContext.Provider value={value}>{children}</UserChangesContext.Provider>;
}

/** Change this row's user (plan, ads); `isPending` while that change is on the way. */
export function useUserChange(row: Row) {
  const changes = useContext(UserChangesContext);
  if (!changes) throw new Error('useUserChange needs a UserChangesProvider around the Users grid');
  return [(data: Partial<AdminUser>) => void changes.run(row, data), changes.pending.has(row.id)] as const;
}
