import { describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { sharedInbox } from './inboxHarness';
import { adminSession } from './fixtures';
import { contactMessages } from '../../src-server/db/schema';
import { buildApp } from '../../src-server/app';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { DAY_MS } from '../../src-server/clock';
import { TINY_JPEG, TINY_PNG } from '../fixtures/multipart';
import { HUGE_PNG } from '../fixtures/images/crafted';

// The screenshots a support message may carry: served to operators only, never public, and gone after retention.
const { t, admin, ids, dirs, get, listed, expectOperatorsOnly } = sharedInbox();

describe('GET /api/admin/messages/{id}/screenshot', () => {
  it('serves the stored PNG with its own type and headers that keep it an inert, uncached image', async () => {
    const res = await get(`/messages/${ids.png}/screenshot`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(TINY_PNG);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('serves a JPEG as image/jpeg', async () => {
    const res = await get(`/messages/${ids.jpeg}/screenshot`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload).toEqual(TINY_JPEG);
  });

  it('keeps back a stored screenshot that declares more pixels than an upload may, which the console would decode', async () => {
    // A file stored before uploads were limited by pixels: the 69-byte PNG declaring 60000 × 60000.
    const [row] = await t.db
      .select({ path: contactMessages.screenshotPath })
      .from(contactMessages)
      .where(eq(contactMessages.id, ids.jpeg));
    const file = join(t.config.DATA_DIR, row.path!);
    const original = await readFile(file);
    await writeFile(file, HUGE_PNG);
    try {
      const res = await get(`/messages/${ids.jpeg}/screenshot`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'This screenshot is larger than 20,000 pixels on a side or 50 megapixels and is not shown.',
      });
    } finally {
      await writeFile(file, original);
    }
  });

  it('refuses anonymous callers with 401 and users with 403, without the image', async () => {
    await expectOperatorsOnly(`/messages/${ids.png}/screenshot`);
  });

  it('answers 404 for a message without one, an unknown message, and an id that is no uuid', async () => {
    for (const [id, message] of [
      [ids.plain, 'This message has no screenshot'],
      ['00000000-0000-4000-8000-000000000000', 'Message not found'],
      ['not-a-uuid', 'Message not found'],
      ['..%2F..%2Fetc%2Fpasswd', 'Message not found'],
    ]) {
      const res = await get(`/messages/${id}/screenshot`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message });
    }
  });

  it('is never reachable from a public path of the web app', async () => {
    const [row] = await t.db
      .select({ path: contactMessages.screenshotPath })
      .from(contactMessages)
      .where(eq(contactMessages.id, ids.png));
    const file = row.path!.split('/').pop()!;
    for (const url of [
      `/${row.path}`,
      `/uploads/${file}`,
      `/data/${row.path}`,
      `/${file}`,
      `/..%2F${file}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.rawPayload.equals(TINY_PNG), url).toBe(false);
      expect(res.headers['content-type'] ?? '', url).not.toMatch(/^image\//);
    }
  });

  it('keeps the server from starting with DATA_DIR inside the web app folder, where it would be public', async () => {
    const config = { ...t.config, DATA_DIR: join(dirs.clientDir, 'data') };
    await expect(
      buildApp({ config, db: t.db, clock: t.clock, clientDir: dirs.clientDir, logger: false }),
    ).rejects.toThrow(
      `DATA_DIR (${join(dirs.clientDir, 'data')}) must not be inside the web app folder (${dirs.clientDir}): every file there is public.`,
    );
    await expect(
      buildApp({ config: { ...t.config, DATA_DIR: dirs.clientDir }, db: t.db, clientDir: dirs.clientDir }),
    ).rejects.toThrow(/must not be inside the web app folder/);
  });
});

describe('screenshots past retention', () => {
  it('answer 404 once the retention job has deleted the file, and the message stays listed', async () => {
    t.clock.advance(91 * DAY_MS);
    expect(await runJobOnce(t.app.ctx, 'upload-retention')).toMatchObject({ ran: true });
    // The operator's earlier session has gone idle meanwhile.
    Object.assign(admin, await adminSession(t, 'inbox-ops-later@example.com'));
    const res = await get(`/messages/${ids.png}/screenshot`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This message has no screenshot' });
    expect((await listed('?search=Bob')).names).toEqual(['Bob Stone']);
  });
});
