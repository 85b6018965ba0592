import type { TestApp } from '../api/harness';
import { bearer, registerUser } from '../api/harness';
import { adminSession } from '../api/adminHarness';

/** The three callers every suite file uses: nobody, a customer, and an operator. */
export interface Roles {
  anonymous: Record<string, string>;
  user: Record<string, string>;
  admin: Record<string, string>;
}
export type RoleName = keyof Roles;
export const ROLE_NAMES: RoleName[] = ['anonymous', 'user', 'admin'];

export async function seedRoles(t: TestApp): Promise<Roles> {
  const user = await registerUser(t.app, { email: 'customer@example.com' });
  const admin = await adminSession(t, 'operator@example.com');
  return { anonymous: {}, user: bearer(user.token), admin: admin.headers };
}

/** A route path with each `:param` replaced by `value` (or one per name). */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(value(name)));
}

/** The route's path parameter names. */
export const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
