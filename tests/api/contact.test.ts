import { describe, expect, it } from 'vitest';
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { outboxFor, startTestApp, sharedTestApp } from './harness';
import { contactMessages } from '../../src-server/db/schema';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { DAY_MS } from '../../src-server/clock';
import { multipartBody, TINY_JPEG, TINY_PNG } from '../fixtures/multipart';
import { HUGE_PNG, jpegDeclaring, pngDeclaring } from '../fixtures/images/crafted';

const t = sharedTestApp({ SUPPORT_EMAIL: 'help@postkeeper.test' });

const base = {
  name: 'Sam Sender',
  email: 'sam@example.com',
  message: 'My saved posts vanished.',
  type: 'support',
};
const send = (fields: Parameters<typeof multipartBody>[0]) =>
  t.app.inject({ method: 'POST', url: '/api/contact', ...multipartBody(fields) });
const count = async () => (await t.db.select({ id: contactMessages.id }).from(contactMessages)).length;
const uploads = async () => readdir(join(t.config.DATA_DIR, 'uploads')).catch(() => [] as string[]);

describe('POST /api/contact', () => {
  it('saves a contact message and mails it to the support address with the sender as reply-to', async () => {
    const res = await send({ ...base, type: 'contact', message: 'Love the extension!' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({
      type: 'contact',
      name: 'Sam Sender',
      email: 'sam@example.com',
      message: 'Love the extension!',
      screenshotPath: null,
    });
    const [mail] = await outboxFor(t.db, 'help@postkeeper.test');
    expect(mail.subject).toBe('Message from Sam Sender');
    expect(mail.text).toContain('Love the extension!');
  });

  it('stores a PNG screenshot under a generated name, whatever the uploaded filename says', async () => {
    const res = await send({
      ...base,
      screenshot: { filename: '../../etc/passwd.png', contentType: 'image/png', data: TINY_PNG },
    });
    expect(res.statusCode).toBe(200);
    const files = await uploads();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await readFile(join(t.config.DATA_DIR, 'uploads', files[0]))).toEqual(TINY_PNG);
    const rows = await t.db.select().from(contactMessages);
    expect(rows.at(-1)).toMatchObject({
      type: 'support',
      screenshotPath: `uploads/${files[0]}`,
      screenshotType: 'image/png',
    });
  });

  it('accepts a JPEG by its bytes even when its name says otherwise', async () => {
    const res = await send({
      ...base,
      screenshot: { filename: 'photo.gif', contentType: 'application/octet-stream', data: TINY_JPEG },
    });
    expect(res.statusCode).toBe(200);
    expect((await uploads()).some((f) => f.endsWith('.jpg'))).toBe(true);
  });

  it('rejects other bytes behind a .png name, and stores nothing', async () => {
    const before = await count();
    const files = (await uploads()).length;
    const res = await send({
      ...base,
      screenshot: {
        filename: 'shot.png',
        contentType: 'image/png',
        data: Buffer.from('GIF89a not really a png'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The screenshot must be a JPEG or PNG image.' });
    expect(await count()).toBe(before);
    expect((await uploads()).length).toBe(files);
  });

  it('rejects a 6 MB screenshot with 413 and stores nothing', async () => {
    const before = await count();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await send({
      ...base,
      screenshot: { filename: 'big.png', contentType: 'image/png', data: big },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The screenshot must be at most 5 MB.' });
    expect(await count()).toBe(before);
  });

  it('refuses a screenshot declaring more than 20,000 pixels a side or 50 megapixels, and stores nothing', async () => {
    const tooLarge: [string, Buffer][] = [
      ['the 69-byte PNG declaring 60000 × 60000', HUGE_PNG],
      ['a PNG 20,001 pixels wide', pngDeclaring(20_001, 1)],
      ['a JPEG of 7,072 × 7,072 (just over 50 megapixels)', jpegDeclaring(7072, 7072)],
    ];
    for (const [label, data] of tooLarge) {
      const before = await count();
      const files = (await uploads()).length;
      const outbox = (await outboxFor(t.db, 'help@postkeeper.test')).length;
      const res = await send({
        ...base,
        screenshot: { filename: 'shot.png', contentType: 'image/png', data },
      });
      expect(res.statusCode, label).toBe(413);
      expect(res.json()).toEqual({
        message: 'The screenshot can be at most 20,000 pixels on a side and 50 megapixels in all.',
      });
      expect(await count()).toBe(before);
      expect((await uploads()).length).toBe(files);
      expect(await outboxFor(t.db, 'help@postkeeper.test')).toHaveLength(outbox);
    }
    // At the limit, and a full-HD screenshot, it is accepted.
    for (const data of [pngDeclaring(20_000, 2_500), pngDeclaring(1920, 1080)]) {
      const res = await send({
        ...base,
        screenshot: { filename: 'shot.png', contentType: 'image/png', data },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it.each([
    [{ ...base, name: ' ' }, 'Name is required'],
    [{ ...base, email: 'nope' }, 'Email must be a valid email address'],
    [{ name: 'A', email: 'a@example.com', type: 'contact' }, 'Message is required'],
    [{ ...base, type: 'sales' }, 'Type must be contact or support'],
    [{ ...base, name: 'Sam\u0000' }, 'Name must not contain NUL characters'],
    [{ ...base, message: 'hi\u0000there' }, 'Message must not contain NUL characters'],
  ])('rejects %j with a message naming the field', async (fields, message) => {
    const before = await count();
    const res = await send(fields as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await count()).toBe(before);
  });

  it('rejects a second file with a message, and stores nothing', async () => {
    const before = await count();
    const files = (await uploads()).length;
    const shot = { filename: 'a.png', contentType: 'image/png', data: TINY_PNG };
    const res = await send({ ...base, screenshot: shot, another: { ...shot, filename: 'b.png' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Attach at most one screenshot.' });
    expect(await count()).toBe(before);
    expect((await uploads()).length).toBe(files);
  });

  it.each([
    [
      'a zero-byte file',
      { screenshot: { filename: 'shot.png', contentType: 'image/png', data: Buffer.alloc(0) } },
      'The screenshot is empty. Please choose a JPEG or PNG image.',
    ],
    [
      'a PNG header followed by HTML',
      {
        screenshot: {
          filename: 'shot.png',
          contentType: 'image/png',
          data: Buffer.concat([
            TINY_PNG.subarray(0, 16),
            Buffer.from('<html><script>alert(1)</script></html>'),
          ]),
        },
      },
      'The screenshot must be a JPEG or PNG image.',
    ],
    [
      'an image in a field other than screenshot',
      { attachment: { filename: 'shot.png', contentType: 'image/png', data: TINY_PNG } },
      'Only a screenshot may be attached, in the screenshot field.',
    ],
  ])('refuses %s with a clear message, and stores nothing', async (_name, file, message) => {
    const before = await count();
    const files = (await uploads()).length;
    const mails = (await outboxFor(t.db, 'help@postkeeper.test')).length;
    const res = await send({ ...base, ...file });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await count()).toBe(before);
    expect((await uploads()).length).toBe(files);
    expect(await outboxFor(t.db, 'help@postkeeper.test')).toHaveLength(mails);
  });

  it('rejects a JSON body with a clear message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: base });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send the message as multipart form data.');
  });
});

describe('contact rate limit', () => {
  it('allows five messages per ten minutes from one address', async () => {
    const limited = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/contact', ...multipartBody(base) });
        expect(res.statusCode).toBe(200);
      }
      const res = await limited.app.inject({ method: 'POST', url: '/api/contact', ...multipartBody(base) });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('600');
    } finally {
      await limited.close();
    }
  });
});

describe('screenshot retention', () => {
  it('deletes the file and its reference 90 days after the message, and keeps the message', async () => {
    const res = await send({
      ...base,
      message: 'Keep my words, drop my screenshot later.',
      screenshot: { filename: 's.png', contentType: 'image/png', data: TINY_PNG },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, 'Keep my words, drop my screenshot later.'));
    const file = join(t.config.DATA_DIR, row.screenshotPath!);

    t.clock.advance(89 * DAY_MS);
    expect(await runJobOnce(t.app.ctx, 'upload-retention')).toMatchObject({ ran: true });
    await expect(access(file)).resolves.toBeUndefined();

    t.clock.advance(2 * DAY_MS);
    expect(await runJobOnce(t.app.ctx, 'upload-retention')).toMatchObject({ ran: true });
    await expect(access(file)).rejects.toThrow();
    const [after] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, row.id));
    expect(after).toMatchObject({
      message: 'Keep my words, drop my screenshot later.',
      screenshotPath: null,
      screenshotType: null,
      screenshotSize: null,
    });
  });
});

describe('screenshot daily cap', () => {
  it('refuses the 21st screenshot of a day from one address with 429 and Retry-After, and stores nothing', async () => {
    const capped = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    const shot = { filename: 's.png', contentType: 'image/png', data: TINY_PNG };
    const post = (fields: Parameters<typeof multipartBody>[0]) =>
      capped.app.inject({ method: 'POST', url: '/api/contact', ...multipartBody(fields) });
    try {
      for (let i = 0; i < 20; i++) {
        // Five messages per ten minutes is the contact limit: spread the day's screenshots out.
        if (i > 0 && i % 5 === 0) capped.clock.advance(10 * 60_000 + 1000);
        expect((await post({ ...base, screenshot: shot })).statusCode).toBe(200);
      }
      capped.clock.advance(10 * 60_000 + 1000);
      const rows = (await capped.db.select().from(contactMessages)).length;
      const res = await post({ ...base, screenshot: shot });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^You have sent the most screenshots allowed for one day\./);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(22 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      expect((await capped.db.select().from(contactMessages)).length).toBe(rows);
      expect(await readdir(join(capped.config.DATA_DIR, 'uploads'))).toHaveLength(20);
      // A message without a screenshot still goes through.
      expect((await post(base)).statusCode).toBe(200);
      // The next day the cap starts again.
      capped.clock.advance(DAY_MS);
      expect((await post({ ...base, screenshot: shot })).statusCode).toBe(200);
    } finally {
      await capped.close();
    }
  });
});
