import type { PendingDelete } from '../state/useUndoDelete';

/** "Post deleted" with Undo, while the delete waits (useUndoDelete); a status, so screen readers hear it. */
export function UndoToast({ pending, onUndo }: { pending: PendingDelete | null; onUndo(): void }) {
  return (
    <div className="lib-toast-area" role="status" aria-live="polite">
      {pending && (
        <div className="lib-toast">
          <span>{pending.label}</span>
          <button type="button" className="lib-toast__undo" onClick={onUndo}>
            Undo
          </button>
        </div>
      )}
    </div>
  );
}
