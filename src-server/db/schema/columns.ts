import { timestamp, uuid } from 'drizzle-orm/pg-core';

// The column shapes every table repeats, built once. Each call makes a new column, as Drizzle expects.

/** A timestamp with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A random UUID primary key. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => ts('created_at').notNull().defaultNow();
