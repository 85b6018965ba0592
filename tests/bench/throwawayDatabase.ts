import { createScratchDatabase } from '../fixtures/scratchDatabase';

/** Runs `fn` on a fresh PostgreSQL database created beside `baseUrl`, and drops it afterwards. */
export async function withThrowawayDatabase(
  baseUrl: string,
  fn: (url: string) => Promise<void>,
): Promise<void> {
  const scratch = await createScratchDatabase(baseUrl, 'pk_bench');
  try {
    await fn(scratch.url);
  } finally {
    await scratch.drop();
  }
}
