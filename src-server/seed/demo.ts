import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import { seedDemoUsers } from './demoUsers';
import { seedAdminDemo } from './adminDemo';
import { seedDemoSubscription } from './demoSubscription';
import { seedDemoLibrary } from './demoLibrary';
import { seedDemoInbox } from './demoInbox';
import type { MediaStore } from '../media/mediaStore';

const GB = 1024 ** 3;

/**
 * The three demo logins of the README and about 200 more accounts. Idempotent: existing accounts are left as
 * they are. With an uploads store, the support inbox's demo screenshot is stored there.
 */
export async function seedDemo(db: Db, clock: Clock = systemClock, uploads?: MediaStore): Promise<void> {
  const accounts = [
    {
      email: 'admin@example.com',
      password: 'admin-demo-1',
      displayName: 'Ada Admin',
      role: 'admin',
      plan: 'free' as const,
      status: null,
      limit: GB,
    },
    {
      email: 'user@example.com',
      password: 'user-demo-1',
      displayName: 'Uma User',
      role: 'user',
      plan: 'free' as const,
      status: null,
      limit: GB,
    },
    {
      email: 'premium@example.com',
      password: 'premium-demo-1',
      displayName: 'Priya Premium',
      role: 'user',
      plan: 'premium' as const,
      status: 'active' as const,
      limit: 10 * GB,
    },
  ];
  for (const a of accounts) {
    await db
      .insert(users)
      .values({
        email: a.email,
        passwordHash: await hashPassword(a.password),
        displayName: a.displayName,
        name: a.displayName,
        role: a.role,
        plan: a.plan,
        subscriptionStatus: a.status,
        emailVerified: true,
        storageLimit: a.limit,
        createdAt: sql`now() - interval '90 days'`,
      })
      .onConflictDoNothing({ target: users.email });
  }
  await seedDemoSubscription(db, clock);
  const targets = await seedDemoUsers(db, clock);
  targets.set('user@example.com', 150 * 1024 ** 2);
  targets.set('premium@example.com', 2.5 * GB);
  await seedDemoLibrary(db, clock, targets);
  await seedAdminDemo(db, clock);
  await seedDemoInbox(db, clock, uploads);
}
