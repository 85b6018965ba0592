import { SORTABLE, type SortableList } from '../../src/contract/adminSort';

/** The list a react-admin resource reads, where its name differs from the contract's. */
const LIST_OF: Readonly<Record<string, SortableList>> = { 'audit-log': 'auditLog' };

/** Whether the server sorts `resource` by `field`: a grid shows a sort arrow only then. */
export const isSortable = (resource: string, field: string): boolean =>
  (SORTABLE as Readonly<Record<string, readonly string[]>>)[LIST_OF[resource] ?? resource]?.includes(field) ??
  false;
