import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxFor, whileInsertsFail } from './harness';
import { adminSession } from './fixtures';
import { sharedInbox } from './inboxHarness';
import { sharedLocalS3 } from './s3Harness';
import { contactMessages } from '../../src-server/db/schema';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { DAY_MS } from '../../src-server/clock';
import { multipartBody, TINY_JPEG, TINY_PNG } from '../fixtures/multipart';

// The support screenshots of contact.test.ts and adminMessageScreenshots.test.ts with the object store: the
// bucket holds them under uploads/, only the console's route serves them, and retention deletes the objects.
const s3 = sharedLocalS3();
const { t, admin, ids, get, expectOperatorsOnly } = sharedInbox(s3.env);

const uploadKeys = async () => (await s3.keys()).filter((k) => k.startsWith('uploads/'));
const pathOf = async (id: string) =>
  (
    await t.db
      .select({ path: contactMessages.screenshotPath })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
  )[0].path;
const messageCount = async () => (await t.db.select({ id: contactMessages.id }).from(contactMessages)).length;
const send = (message: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    ...multipartBody({
      type: 'support',
      name: 'Sam Sender',
      email: 'sam@example.com',
      message,
      screenshot: { filename: 'shot.png', contentType: 'image/png', data: TINY_PNG },
    }),
  });

describe('support screenshots on object storage', () => {
  it('stores each screenshot in the bucket under uploads/<generated name>, and nothing under DATA_DIR', async () => {
    const png = await pathOf(ids.png);
    const jpeg = await pathOf(ids.jpeg);
    expect(png).toMatch(/^uploads\/[0-9a-f-]{36}\.png$/);
    expect(jpeg).toMatch(/^uploads\/[0-9a-f-]{36}\.jpg$/);
    expect(await uploadKeys()).toEqual([png, jpeg].sort());
    expect((await s3.bytes(png!)).equals(TINY_PNG)).toBe(true);
    expect(existsSync(join(t.config.DATA_DIR, 'uploads'))).toBe(false);
  });

  it('serves them to operators through the console route, and to nobody else', async () => {
    const res = await get(`/messages/${ids.jpeg}/screenshot`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload).toEqual(TINY_JPEG);
    await expectOperatorsOnly(`/messages/${ids.png}/screenshot`);
  });

  it('when the object store refuses the screenshot: 500, no message and no mail to support', async () => {
    const before = await messageCount();
    const keys = await uploadKeys();
    await s3.stop();
    try {
      const res = await send('Store is down');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    } finally {
      await s3.start();
    }
    expect(await messageCount()).toBe(before);
    expect(await uploadKeys()).toEqual(keys);
    expect(
      (await outboxFor(t.db, t.config.SUPPORT_EMAIL)).some((m) => m.text.includes('Store is down')),
    ).toBe(false);
  });

  it('when the message row fails after the screenshot was written: 500 and the object is removed again', async () => {
    const before = await messageCount();
    const keys = await uploadKeys();
    await whileInsertsFail(t, 'contact_messages', async () => {
      expect((await send('Row fails')).statusCode).toBe(500);
    });
    expect(await messageCount()).toBe(before);
    expect(await uploadKeys()).toEqual(keys);
  });

  it('past retention, the job deletes the objects; the console answers 404 and keeps the message', async () => {
    expect(await uploadKeys()).toHaveLength(2);
    t.clock.advance(91 * DAY_MS);
    expect(await runJobOnce(t.app.ctx, 'upload-retention')).toMatchObject({ ran: true });
    expect(await uploadKeys()).toEqual([]);
    expect(await pathOf(ids.png)).toBeNull();
    Object.assign(admin, await adminSession(t, 'inbox-ops-s3-later@example.com'));
    const res = await get(`/messages/${ids.png}/screenshot`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This message has no screenshot' });
  });
});
