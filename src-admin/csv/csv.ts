// The cell rules are shared with the extension's library export (src/format/csv.ts).
export { neutraliseCell, toCsv, type CsvColumn } from '../../src/format/csv';

/** `name-YYYY-MM-DD.csv`, the date being today's. */
export function csvFilename(base: string, now: Date = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(text: string, filename: string): void {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
