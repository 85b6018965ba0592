import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropScratchDatabases } from '../fixtures/scratchDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The name every scratch PostgreSQL database of this run starts with (tests/api/harness.ts). */
    scratchPrefix: string;
  }
}

/**
 * On PostgreSQL each test file's app has a scratch database that its close() drops. A file stopped before its
 * app had started (a hook's timeout, say) cannot: the run's databases share a prefix, and the run drops what is
 * left of them at its end.
 */
export default function setup(project: TestProject) {
  const prefix = `pk_test_${randomBytes(4).toString('hex')}`;
  project.provide('scratchPrefix', prefix);
  return async () => {
    const baseUrl = process.env.DATABASE_URL;
    if (!baseUrl) return;
    const left = await dropScratchDatabases(baseUrl, prefix);
    if (left.length)
      console.warn(`dropped ${left.length} scratch database(s) the tests left: ${left.join(', ')}`);
  };
}
