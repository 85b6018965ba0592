import type { Db } from '../db/connect';
import { users } from '../db/schema';
import type { Clock } from '../clock';
import { DAY_MS } from '../clock';
import { seededRandom } from './random';

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Isla',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adams',
  'Bauer',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Müller',
  'Nakamura',
  'Okafor',
  'Patel',
  'Rossi',
  'Silva',
  'Tanaka',
  'Novak',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'proton.me', 'fastmail.com', 'studio.io', 'uni.edu'];
export const DEMO_USER_COUNT = 200;

/**
 * About 200 more accounts with varied plans, statuses and dates, the same on every run. They have no password:
 * they fill the console, nobody signs in as them. Returns the bytes each should end up storing; their posts and
 * media (seedDemoLibrary) bring storage_used there through the extension API's services.
 */
export async function seedDemoUsers(db: Db, clock: Clock): Promise<Map<string, number>> {
  const rnd = seededRandom(20261122);
  const now = clock.now().getTime();
  const rows = Array.from({ length: DEMO_USER_COUNT }, (_, i) => {
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    const createdAt = new Date(now - rnd.int(1, 400) * DAY_MS - rnd.int(0, 86_399) * 1000);
    const roll = rnd.next();
    // Roughly: 60% free, 25% paying, 6% in trial, 4% past due, 5% canceled (back on free).
    const [plan, status] =
      roll < 0.6
        ? (['free', null] as const)
        : roll < 0.85
          ? (['premium', 'active'] as const)
          : roll < 0.91
            ? (['premium', 'trialing'] as const)
            : roll < 0.95
              ? (['premium', 'past_due'] as const)
              : (['free', 'canceled'] as const);
    const storageLimit = plan === 'premium' ? 10 * GB : GB;
    // A few heavy savers go past what their plan allows, so the abuse rules have something to find.
    const storageUsed = rnd.chance(0.04)
      ? storageLimit + rnd.int(10, 900) * MB
      : Math.floor(rnd.next() ** 3 * storageLimit * 0.5);
    const lastLoginAt = rnd.chance(0.9)
      ? new Date(Math.min(now, createdAt.getTime() + rnd.next() * (now - createdAt.getTime())))
      : null;
    const displayName = `${first} ${last}`;
    return {
      email: `${first}.${last}${i + 1}@${rnd.pick(DOMAINS)}`.toLowerCase().replace('ü', 'u'),
      passwordHash: null,
      displayName,
      name: displayName,
      plan,
      subscriptionStatus: status,
      emailVerified: rnd.chance(0.8),
      adsDisabled: plan === 'premium' || rnd.chance(0.05),
      storageUsed,
      storageLimit,
      createdAt,
      updatedAt: createdAt,
      lastLoginAt,
    };
  });
  await db
    .insert(users)
    .values(rows.map((r) => ({ ...r, storageUsed: 0 })))
    .onConflictDoNothing({ target: users.email });
  return new Map(rows.map((r) => [r.email, r.storageUsed]));
}
