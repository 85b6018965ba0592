import { fileURLToPath } from 'node:url';

/** One line of the benchmark table: a figure beside its target and the baseline measured in the same run. */
export interface FigureRow {
  group: string;
  name: string;
  value: string;
  target?: string;
  baseline?: string;
}

/** Prints rows as one Markdown table. */
export function printTable(rows: FigureRow[]): void {
  const head = ['group', 'figure', 'value', 'target', 'baseline (same run)'];
  const cells = rows.map((r) => [r.group, r.name, r.value, r.target ?? '', r.baseline ?? '']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    `\n${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${cells.map(line).join('\n')}`,
  );
}

/** Whether this module is the script node was started with (not imported by the combined bench). */
export const isMain = (metaUrl: string) => process.argv[1] === fileURLToPath(metaUrl);
