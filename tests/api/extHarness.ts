import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from './harness';
import type { ExtUser } from './fixtures';
import { multipartBody } from '../fixtures/multipart';
import { users } from '../../src-server/db/schema';

export const IMAGES = join(import.meta.dirname, '..', 'fixtures', 'images');
export const image = (name: string) => readFile(join(IMAGES, name));

/** The API on its own host, so the CORS headers the extension's pages rely on are in play. */
export const ON_ITS_OWN_HOST = {
  WEB_URL: 'https://postkeeper.app',
  API_URL: 'https://api.postkeeper.app/api',
};

export const savePost = (t: TestApp, u: ExtUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/ext/posts', headers: u.headers, payload: payload as object });

export function upload(
  t: TestApp,
  u: ExtUser,
  postId: string,
  data: Buffer,
  opts: { field?: string; filename?: string; contentType?: string } = {},
) {
  const body = multipartBody({
    [opts.field ?? 'file']: {
      filename: opts.filename ?? 'image.bin',
      contentType: opts.contentType ?? 'application/octet-stream',
      data,
    },
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/ext/posts/${postId}/media`,
    headers: { ...u.headers, ...body.headers },
    payload: body.payload,
  });
}

/** users.storage_used of one user. */
export async function storageUsed(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.db.select({ used: users.storageUsed }).from(users).where(eq(users.id, userId));
  return Number(row.used);
}

/** Sets a user's used bytes, e.g. to just under the limit. */
export const setStorageUsed = (t: TestApp, userId: string, bytes: number) =>
  t.db.update(users).set({ storageUsed: bytes }).where(eq(users.id, userId));

/** Every file under the media store's folder, relative to it. */
export async function mediaFiles(t: TestApp): Promise<string[]> {
  try {
    const entries = await readdir(join(t.config.DATA_DIR, 'media'), { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

export async function count(t: TestApp, table: 'posts' | 'post_media', userId: string): Promise<number> {
  const res = await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
  );
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
}
