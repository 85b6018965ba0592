#!/usr/bin/env node
// The one test command: unit, component, api and browser tests. Extra arguments go to vitest
// (e.g. `npm test -- --project api`). Ends with a plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const report = join(root, 'test-results', 'vitest.json');
mkdirSync(join(root, 'test-results'), { recursive: true });
rmSync(report, { force: true });

const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const started = Date.now();
const result = spawnSync('npx', args, { stdio: 'inherit', cwd: root });
const seconds = Math.round((Date.now() - started) / 1000);

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`\nTests finished in ${seconds} s`);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(result.status ?? 1);
