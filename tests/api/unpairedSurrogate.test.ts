import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerUser, sharedTestApp } from './harness';
import { sharedAdminSession } from './fixtures';
import { abuseFlagEvents, auditLog, users } from '../../src-server/db/schema';

const t = sharedTestApp();
const admin = sharedAdminSession(t, 'surrogate-admin@example.com');

// Half of a UTF-16 pair on its own is no character: PostgreSQL's jsonb (where the audit log keeps a change's
// details) refuses it, so it used to fail the write as a 500.
const LONE = 'Spam \ud800x';

describe('text that is not valid Unicode', () => {
  it('is refused as bad input before anything is written, and a real pair still goes through', async () => {
    const user = await registerUser(t.app, { email: 'lone-surrogate@example.com' });
    const id = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, user.email)))[0]!.id;
    const flag = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/flag`,
      headers: admin.headers,
      payload: { reason: LONE },
    });
    expect(flag.statusCode).toBe(400);
    expect(flag.json()).toEqual({ message: 'reason must be valid Unicode text' });
    expect((await t.db.select().from(users).where(eq(users.id, id)))[0]!.flaggedForAbuse).toBe(false);
    expect(await t.db.select().from(abuseFlagEvents).where(eq(abuseFlagEvents.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, id))).toHaveLength(0);

    const paired = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/flag`,
      headers: admin.headers,
      payload: { reason: 'Spam 🚩 900 saves' },
    });
    expect(paired.statusCode).toBe(200);
  });
});
