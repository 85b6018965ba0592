import Papa from 'papaparse';

/** One exported column: the header the reader sees and how a record's cell is computed. */
export interface CsvColumn<T> {
  header: string;
  value: (record: T) => string | number | boolean | null | undefined;
}

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Prefixes a quote to text that a spreadsheet would run as a formula. Only text: a number such as -1.5 is data
 * and stays a number.
 */
export function neutraliseCell(
  value: string | number | boolean | null | undefined,
): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The CSV text (header row first) for the given records and columns. Every cell is quoted, so a spreadsheet in a
 * locale that splits on `;` (or any other separator) still reads each value as one cell.
 */
export function toCsv<T>(records: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const fields = columns.map((c) => String(neutraliseCell(c.header)));
  const data = records.map((r) => columns.map((c) => neutraliseCell(c.value(r))));
  return Papa.unparse({ fields, data }, { quotes: true, newline: '\r\n' });
}
