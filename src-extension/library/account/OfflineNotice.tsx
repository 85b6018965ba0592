import { WifiOffIcon } from '../ui/icons';

/** Signed in, but the account cannot be reached: the copy in this browser shows, and changes wait. */
export function OfflineNotice({ onRetry }: { onRetry(): void }) {
  return (
    <section className="lib-banner lib-banner--offline" aria-label="Offline">
      <WifiOffIcon />
      <p>
        <strong>Offline: read-only.</strong> You are looking at the copy kept in this browser. Editing and
        deleting come back when Postkeeper can be reached.
      </p>
      <button type="button" className="pk-btn pk-btn--ghost" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
