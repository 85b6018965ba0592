interface SelectionBarProps {
  count: number;
  shown: number;
  readOnly: boolean;
  onSelectAll(): void;
  onClear(): void;
  onDelete(): void;
}

/** What to do with the selected posts: delete them together (with undo), or clear the selection. */
export function SelectionBar({ count, shown, readOnly, onSelectAll, onClear, onDelete }: SelectionBarProps) {
  if (!count) return null;
  return (
    <div className="lib-selection" role="region" aria-label="Selection">
      <span>{count} selected</span>
      {count < shown && (
        <button type="button" className="lib-text-btn" onClick={onSelectAll}>
          Select all {shown}
        </button>
      )}
      <button type="button" className="lib-text-btn" onClick={onClear}>
        Clear selection
      </button>
      <button type="button" className="pk-btn pk-btn--danger" onClick={onDelete} disabled={readOnly}>
        Delete {count}
      </button>
    </div>
  );
}
