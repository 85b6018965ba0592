import { useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from './useDialogFocus';
import './dialog.css';

/**
 * A modal dialog, mounted while it is open: named by its title, described by its lead, closed by its button,
 * by Escape or by a press on the backdrop.
 */
export function Dialog({
  title,
  lead,
  onClose,
  children,
}: {
  title: ReactNode;
  lead: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  useDialogFocus(panel, onClose);
  return (
    <div className="pk-modal" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="pk-modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-lead`}
        ref={panel}
      >
        <div className="pk-modal__head">
          <h2 id={`${ids}-title`}>{title}</h2>
          <button type="button" className="pk-modal__close" onClick={onClose} aria-label="Close">
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <p id={`${ids}-lead`} className="pk-modal__lead">
          {lead}
        </p>
        {children}
      </div>
    </div>
  );
}
