const MB = 1048576;

/** docs/product.md#formatting: megabytes, or gigabytes with two decimals from 1 GB up. */
export function formatStorage(bytes: number | null | undefined): string {
  const mb = (bytes ?? 0) / MB;
  if (mb >= 1024) return `${(mb / 1024).toFixed(2)} GB`;
  return `${mb.toFixed(mb >= 100 || Number.isInteger(mb) ? 0 : 1)} MB`;
}

export function bytesToMB(bytes: number | null | undefined): number {
  return Math.round(((bytes ?? 0) / MB) * 100) / 100;
}
