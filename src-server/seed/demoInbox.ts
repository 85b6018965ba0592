import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import type { MediaStore } from '../media/mediaStore';
import { SCREENSHOT_PREFIX } from '../contact/contactService';
import { contactMessages, coupons, users } from '../db/schema';
import { setMessageStatus } from '../admin/messagesService';
import { setAdsDisabled } from '../admin/usersService';
import { setCouponActive } from '../admin/couponsService';
import { demoScreenshotPng } from './demoScreenshot';
import { changeAt, DEMO_OPERATOR } from './demoOperator';

const HOUR_MS = 3_600_000;

const MESSAGES = [
  {
    type: 'support' as const,
    name: 'Sam Rivera',
    email: 'sam.rivera@example.net',
    message:
      'Saving a LinkedIn post shows a red error banner since this morning (screenshot attached). X and Instagram still work.',
    hoursAgo: 5,
    screenshot: true,
  },
  {
    type: 'contact' as const,
    name: 'Lena Fischer',
    email: 'lena@studio-fischer.example',
    message: 'Do you offer a team plan? Five of us would like to share one library of saved posts.',
    hoursAgo: 20,
  },
  {
    type: 'support' as const,
    name: 'Omar Haddad',
    email: 'omar.haddad@example.org',
    message: 'I was charged twice for Pro this month. Could you refund one of the payments?',
    hoursAgo: 50,
    resolve: true,
  },
  {
    type: 'contact' as const,
    name: 'Mia Chen',
    email: 'mia.chen@example.com',
    message: 'Love the extension! Any plans for a Firefox version?',
    hoursAgo: 80,
  },
];

/**
 * The console's support inbox and audit log demo: four messages (one with a PNG screenshot) and a few operator
 * changes made through the admin services as admin@example.com, so each comes with its audit entry. Skipped
 * once any message exists. Without an uploads store the screenshot is left out.
 */
export async function seedDemoInbox(db: Db, clock: Clock, uploads?: MediaStore): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
  if (Number(n) > 0) return;
  const now = clock.now().getTime();
  const ago = (hours: number) => new Date(now - hours * HOUR_MS);
  let resolveId: string | null = null;
  for (const m of MESSAGES) {
    let screenshotPath: string | null = null;
    let size: number | null = null;
    if (m.screenshot && uploads) {
      const bytes = demoScreenshotPng();
      const name = `${randomUUID()}.png`;
      await uploads.put(name, bytes);
      screenshotPath = `${SCREENSHOT_PREFIX}${name}`;
      size = bytes.length;
    }
    const [row] = await db
      .insert(contactMessages)
      .values({
        type: m.type,
        name: m.name,
        email: m.email,
        message: m.message,
        screenshotPath,
        screenshotType: screenshotPath ? 'image/png' : null,
        screenshotSize: size,
        createdAt: ago(m.hoursAgo),
      })
      .returning({ id: contactMessages.id });
    if (m.resolve) resolveId = row.id;
  }
  await seedOperatorChanges(db, now, resolveId);
}

/** A few changes at different times through the services, so the audit log shows what each records. */
async function seedOperatorChanges(db: Db, now: number, resolveId: string | null): Promise<void> {
  const at = (hoursAgo: number) => changeAt(db, new Date(now - hoursAgo * HOUR_MS));
  const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, 'PAUSED15'));
  if (coupon) await setCouponActive(at(72), DEMO_OPERATOR, coupon.id, false);
  const [someone] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'user'),
        ne(users.email, 'user@example.com'),
        ne(users.email, 'premium@example.com'),
      ),
    )
    .orderBy(users.email)
    .limit(1);
  if (someone) await setAdsDisabled(at(30), DEMO_OPERATOR, someone.id, true);
  if (resolveId) await setMessageStatus(at(46), DEMO_OPERATOR, resolveId, 'resolved');
}
