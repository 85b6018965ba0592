import { notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string) => UUID.test(id);

/** An id that cannot exist is simply not found (never a database error). */
export function existingId(id: string, what = 'User'): string {
  if (!UUID.test(id)) throw notFound(`${what} not found`);
  return id.toLowerCase();
}

/** The ids among `ids` that can exist, lower-cased; the others match nothing (never a database error). */
export const uuidsOf = (ids: string[]) => ids.filter(isUuid).map((id) => id.toLowerCase());
