import type { Db } from '../db/connect';
import type { AppContext } from '../context';
import type { Actor } from '../admin/audited';

/** The operator the demo's past changes are recorded under. */
export const DEMO_OPERATOR: Actor = { email: 'admin@example.com' };

/**
 * What an operator service needs to record a demo change at a moment in the past: the database, and a clock
 * stopped at that moment. The demo's changes go through the services, so the audit log and every history show
 * them as a real operator's would.
 */
export const changeAt = (db: Db, at: Date) => ({ db, clock: { now: () => at } }) as unknown as AppContext;
