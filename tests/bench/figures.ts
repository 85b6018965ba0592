import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../fixtures/localServer';

/** One line of the benchmark table: a figure beside its target and the baseline measured in the same run. */
export interface FigureRow {
  group: string;
  name: string;
  value: string;
  target?: string;
  baseline?: string;
}

/** Prints a head row and its cells as one Markdown table, columns padded to line up. */
export function printMarkdownTable(head: string[], cells: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    `\n${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${cells.map(line).join('\n')}`,
  );
}

/** Prints rows as one Markdown table. */
export function printTable(rows: FigureRow[]): void {
  printMarkdownTable(
    ['group', 'figure', 'value', 'target', 'baseline (same run)'],
    rows.map((r) => [r.group, r.name, r.value, r.target ?? '', r.baseline ?? '']),
  );
}

/** The 95th percentile of the given times. */
export function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
}

/** The middle of the given figures (the upper middle of an even count). */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

/** Runs `fn` and returns how long it took (ms) beside its value. */
export async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

/** Builds the app's client into `clientDir`, the build the web and console benches serve. */
export function buildClient(clientDir: string, message = 'building the app…'): void {
  console.log(message);
  execSync('npm run build', { cwd: ROOT, stdio: 'ignore', env: { ...process.env, CLIENT_DIR: clientDir } });
}

/** Whether this module is the script node was started with (not imported by the combined bench). */
export const isMain = (metaUrl: string) => process.argv[1] === fileURLToPath(metaUrl);

/** How every Lighthouse run of the benches is made: a mobile run scoring performance and accessibility. */
export const LIGHTHOUSE_RUN = {
  output: 'json' as const,
  logLevel: 'error' as const,
  onlyCategories: ['performance', 'accessibility'],
  formFactor: 'mobile' as const,
};
