import { notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot exist is simply not found (never a database error). */
export function existingId(id: string, what = 'User'): string {
  if (!UUID.test(id)) throw notFound(`${what} not found`);
  return id.toLowerCase();
}
