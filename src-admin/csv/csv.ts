import Papa from 'papaparse';

/** One exported column: the header the operator sees and how a record's cell is computed. */
export interface CsvColumn<T> {
  header: string;
  value: (record: T) => string | number | boolean | null | undefined;
}

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a quote so a spreadsheet shows the text instead of evaluating it. */
export function neutraliseCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The CSV text (header row first) for the given records and columns. */
export function toCsv<T>(records: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const fields = columns.map((c) => neutraliseCell(c.header));
  const data = records.map((r) => columns.map((c) => neutraliseCell(c.value(r))));
  return Papa.unparse({ fields, data }, { quotes: false, newline: '\r\n' });
}

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
