import { SORTABLE } from '../../src/contract/adminSort';

/** Whether the server sorts `resource` by `field`: a grid shows a sort arrow only then. */
export const isSortable = (resource: string, field: string): boolean =>
  (SORTABLE as Readonly<Record<string, readonly string[]>>)[resource]?.includes(field) ?? false;
