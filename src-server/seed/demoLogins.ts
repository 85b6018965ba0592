import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { verifyPassword } from '../auth/passwords';

export interface DemoLogin {
  email: string;
  password: string;
  /** What the account shows, for the start-up banner. */
  label: string;
}

/** The logins the README publishes for `npm start`, as the demo seed creates them. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { email: 'admin@example.com', password: 'admin-demo-1', label: 'admin console at /admin' },
  { email: 'user@example.com', password: 'user-demo-1', label: 'free plan' },
  { email: 'premium@example.com', password: 'premium-demo-1', label: 'Pro plan' },
];

/**
 * The demo logins whose published password still opens the account. Checked against the stored hashes, so
 * a demo account whose password was changed, or that never existed, is not reported.
 */
export async function workingDemoLogins(db: Db): Promise<DemoLogin[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_LOGINS.map((l) => l.email),
      ),
    );
  const hashes = new Map(rows.map((r) => [r.email, r.passwordHash]));
  const working: DemoLogin[] = [];
  for (const login of DEMO_LOGINS) {
    if (await verifyPassword(hashes.get(login.email) ?? null, login.password)) working.push(login);
  }
  return working;
}
