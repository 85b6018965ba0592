import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import type { AdminUser } from '../../src/contract/admin';
import { baseURL } from './browser';

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${baseURL()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await post('/auth/login', { email, password });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The newest reset link the server's outbox logged for `email` (no SMTP in the browser tests). */
async function resetToken(email: string): Promise<string> {
  const log = join(inject('dataDir'), 'server.log');
  let token: string | undefined;
  await expect
    .poll(() => {
      const lines = readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.includes(`"to":"${email}"`) && l.includes('reset-password?token='));
      token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(lines.at(-1) ?? '')?.[1];
      return token;
    })
    .toBeTruthy();
  return decodeURIComponent(token!);
}

/**
 * A Free account past its storage limit, signed in. The demo seed has a few (saved while their limit was higher);
 * they have no password, so the test takes one the way its owner would: a password reset by email.
 */
export async function overQuotaUser(): Promise<{ email: string; displayName: string; token: string }> {
  const admin = await signIn('admin@example.com', 'admin-demo-1');
  const res = await fetch(`${baseURL()}/api/admin/users?plan=free`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  const { users } = (await res.json()) as { users: AdminUser[] };
  const user = users.find(
    (u) =>
      u.role === 'user' &&
      u.emailVerified &&
      u.storageUsed > u.storageLimit &&
      !u.email.endsWith('@example.com'),
  );
  if (!user) throw new Error('The demo seed has no Free account past its storage limit');
  expect((await post('/auth/request-password-reset', { email: user.email })).status).toBe(200);
  const password = 'over-quota-1';
  expect(
    (await post('/auth/reset-password', { token: await resetToken(user.email), newPassword: password }))
      .status,
  ).toBe(200);
  return { email: user.email, displayName: user.displayName, token: await signIn(user.email, password) };
}
