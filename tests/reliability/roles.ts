import { eq } from 'drizzle-orm';
import type { TestApp } from '../api/harness';
import { bearer, registerUser } from '../api/harness';
import { adminSession } from '../api/fixtures';
import { users } from '../../src-server/db/schema';
import { createSession } from '../../src-server/auth/sessions';

/** The three callers every suite file uses: nobody, a customer, and an operator. */
export interface Roles {
  anonymous: Record<string, string>;
  user: Record<string, string>;
  admin: Record<string, string>;
}
export type RoleName = keyof Roles;
export const ROLE_NAMES: RoleName[] = ['anonymous', 'user', 'admin'];

const USER_EMAIL = 'customer@example.com';
const ADMIN_EMAIL = 'operator@example.com';

export async function seedRoles(t: TestApp): Promise<Roles> {
  const user = await registerUser(t.app, { email: USER_EMAIL });
  const admin = await adminSession(t, ADMIN_EMAIL);
  return { anonymous: {}, user: bearer(user.token), admin: admin.headers };
}

/** Fresh sessions for the seeded callers, after a request may have signed them out. */
export async function freshRoles(t: TestApp, roles: Roles): Promise<void> {
  for (const [role, email] of [
    ['user', USER_EMAIL],
    ['admin', ADMIN_EMAIL],
  ] as const) {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    roles[role] = bearer(await createSession(t.app.ctx, row.id, t.config.SESSION_TTL_DAYS));
  }
}

/** A route path with each `:param` replaced by `value` (or one per name). */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(value(name)));
}

/** The route's path parameter names. */
export const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
