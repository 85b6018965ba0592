/** docs/product.md#formatting: subscription dates are epoch seconds; N/A when missing, 'Invalid date' when unparsable. */
export function formatEpochDate(seconds: number | string | null | undefined): string {
  if (seconds === null || seconds === undefined || seconds === '') return 'N/A';
  const n = typeof seconds === 'number' ? seconds : Number(seconds);
  if (!Number.isFinite(n)) return 'Invalid date';
  const d = new Date(n * 1000);
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** ISO or Date values from the API, shown as a short date; N/A when missing. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  return d.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
