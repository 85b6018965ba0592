import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { multipartBody } from '../fixtures/multipart';

const PNG = readFile(join(import.meta.dirname, '..', 'fixtures', 'screenshot.png'));

/** Every write the server acknowledged with a 2xx before it died. */
export interface Acknowledged {
  registrations: string[];
  coupons: string[];
  posts: { id: string; userId: string }[];
  media: { id: string; postId: string }[];
}

export const noneAcknowledged = (): Acknowledged => ({
  registrations: [],
  coupons: [],
  posts: [],
  media: [],
});
export const ackCount = (a: Acknowledged) =>
  a.registrations.length + a.coupons.length + a.posts.length + a.media.length;

interface Callers {
  users: { id: string; token: string }[];
  admins: { token: string }[];
}

const json = (token: string | null, body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/**
 * One writer: registrations, coupons, saved posts and media uploads in turn, until `stopped()` or the server
 * dies. A request that fails (the socket closes mid-way) was never acknowledged and is not recorded.
 */
export async function writeUntilStopped(
  url: string,
  callers: Callers,
  acks: Acknowledged,
  stopped: () => boolean,
  worker: number,
): Promise<void> {
  const png = await PNG;
  for (let i = 0; !stopped(); i++) {
    const tag = `${worker}x${i}x${randomBytes(3).toString('hex')}`;
    const user = callers.users[(worker + i) % callers.users.length];
    try {
      switch (i % 4) {
        case 0: {
          const email = `crash-${tag}@example.com`;
          const res = await fetch(
            `${url}/api/auth/register`,
            json(null, { email, password: 'correct-horse-1', displayName: 'Crash' }),
          );
          if (res.ok) acks.registrations.push(email);
          break;
        }
        case 1: {
          const code = `CRASH${tag.replace(/x/g, '').toUpperCase()}`;
          const res = await fetch(
            `${url}/api/admin/coupons`,
            json(callers.admins[0].token, {
              code,
              discountType: 'percentage',
              amount: 10,
              usageLimit: null,
              expiresAt: null,
            }),
          );
          if (res.ok) acks.coupons.push(code);
          break;
        }
        case 2: {
          const res = await fetch(
            `${url}/api/ext/posts`,
            json(user.token, {
              platform: 'x',
              url: `https://x.com/crash/status/${tag}`,
              text: `Post ${tag}`,
            }),
          );
          if (res.ok)
            acks.posts.push({
              id: ((await res.json()) as { post: { id: string } }).post.id,
              userId: user.id,
            });
          break;
        }
        default: {
          const own = acks.posts.filter((p) => p.userId === user.id);
          if (!own.length) break;
          const postId = own[own.length - 1].id;
          const form = multipartBody({ file: { filename: 'shot.png', contentType: 'image/png', data: png } });
          const res = await fetch(`${url}/api/ext/posts/${postId}/media`, {
            method: 'POST',
            headers: { authorization: `Bearer ${user.token}`, ...form.headers },
            body: new Uint8Array(form.payload),
          });
          if (res.ok)
            acks.media.push({ id: ((await res.json()) as { media: { id: string } }).media.id, postId });
        }
      }
    } catch {
      // The server died under this request: it was not acknowledged.
      if (stopped()) return;
    }
  }
}
