/** A failure carrying the spec's text for the operation and the HTTP status react-admin's auth check reads. */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

const statusOf = (err: unknown) => (err as { status?: number } | null)?.status;

/** The server's own `{message}`, as react-admin's HttpError keeps it in `body`. */
function serverReason(err: unknown): string | undefined {
  const body = (err as { body?: { message?: unknown } } | null)?.body;
  return typeof body?.message === 'string' && body.message.trim() ? body.message.trim() : undefined;
}

/**
 * The spec's text for a failed operation, followed by the server's reason when it refused the action
 * (a 4xx other than a lost session): "Failed to update user plan." alone hides why a downgrade was refused.
 */
export function failure(text: string, err: unknown): AdminError {
  const status = statusOf(err);
  const reason = status && status >= 400 && status < 500 && status !== 401 ? serverReason(err) : undefined;
  if (!reason || reason === text) return new AdminError(text, status);
  return new AdminError(/[.!?]$/.test(text) ? `${text} ${reason}` : `${text}: ${reason}`, status);
}

/** Runs `call`, turning any failure into the spec's text for it. */
export async function withText<T>(text: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw failure(text, err);
  }
}
