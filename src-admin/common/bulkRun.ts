import type { Identifier } from 'react-admin';

export interface BulkOutcome {
  succeeded: Identifier[];
  failed: { id: Identifier; message: string }[];
  /** Rows not sent because the run stopped at its first error. */
  skipped: Identifier[];
}

/**
 * Runs `task` for each id, one after another, and says what happened to each row. It keeps going after a
 * failure unless `stopAtFirstError`: a bulk change either reports every row or stops sending, never both.
 */
export async function runBulk(
  ids: readonly Identifier[],
  task: (id: Identifier) => Promise<unknown>,
  stopAtFirstError: boolean,
): Promise<BulkOutcome> {
  const out: BulkOutcome = { succeeded: [], failed: [], skipped: [] };
  for (const [i, id] of ids.entries()) {
    try {
      await task(id);
      out.succeeded.push(id);
    } catch (err) {
      out.failed.push({ id, message: (err as Error).message });
      if (stopAtFirstError) {
        out.skipped.push(...ids.slice(i + 1));
        break;
      }
    }
  }
  return out;
}

/** One line for the operator: how many rows changed, and which did not and why. */
export function describeOutcome(
  outcome: BulkOutcome,
  total: number,
  labelOf: (id: Identifier) => string,
): string {
  const parts = [`${outcome.succeeded.length} of ${total} succeeded.`];
  if (outcome.failed.length)
    parts.push(`Failed: ${outcome.failed.map((f) => `${labelOf(f.id)} (${f.message})`).join('; ')}.`);
  if (outcome.skipped.length)
    parts.push(`Not sent after the first error: ${outcome.skipped.map(labelOf).join(', ')}.`);
  return parts.join(' ');
}
