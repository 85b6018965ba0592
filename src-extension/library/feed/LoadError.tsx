/** The copy could not be read: what happened, and Retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="lib-error" role="alert">
      <p>
        <strong>Your saved posts could not be loaded.</strong> {message}
      </p>
      <button type="button" className="pk-btn pk-btn--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
