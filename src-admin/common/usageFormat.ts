import { formatStorage } from '../../src/format';

/** "7.00 GB / 10.00 GB": a user's storage against their plan's limit. */
export const storageUsedOfLimit = (used: number, limit: number) =>
  `${formatStorage(used)} / ${formatStorage(limit)}`;
