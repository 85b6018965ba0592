import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The reliability suite: authz matrix, fuzz, crash and load. Kept out of `npm test` because the crash and
// load files run real server processes for minutes; CI runs it with `npm run test:reliability`.
export default defineConfig({
  test: {
    root,
    name: 'reliability',
    environment: 'node',
    include: ['tests/reliability/**/*.test.ts'],
    pool: 'forks',
    // One file at a time: the load and crash files each want the whole machine.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
