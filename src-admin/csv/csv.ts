// The cell rules are shared with the extension's library export (src/format/csv.ts).
import { downloadText } from '../../src/ui/downloadText';

export { downloadBlob } from '../../src/ui/downloadText';
export { neutraliseCell, toCsv, type CsvColumn } from '../../src/format/csv';

/** `name-YYYY-MM-DD.csv`, the date being today's. */
export function csvFilename(base: string, now: Date = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Hands the CSV to the browser as a file download. */
export const downloadCsv = (text: string, filename: string) =>
  downloadText(text, filename, 'text/csv;charset=utf-8');
