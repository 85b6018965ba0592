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
// The browser tests need Chromium; on a fresh Debian machine, install it when we may (as root).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const wantsBrowser = !process.argv.includes('--project') || process.argv.includes('e2e');
if (wantsBrowser && !existsSync(chromium) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log('Installing Chromium for the browser tests');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env });
}
if (wantsBrowser && !existsSync(chromium)) {
  console.error(`The browser tests need Chromium at ${chromium}: install it, or set CHROMIUM_PATH.`);
}

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
