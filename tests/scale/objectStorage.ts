// The object-storage part of `npm run test:scale`: both API processes keep media and support screenshots in one
// S3-compatible bucket (a local S3-protocol server here), so bytes written through one process are read through
// the other and deleted through nginx, with the API's checks in front of every read.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './apiProcess';
import { call, signIn } from './http';
import type { Shape } from './checks';
import { TINY_JPEG, TINY_PNG } from '../fixtures/multipart';

const BUCKET = 'postkeeper-scale';
// s3rver checks request signatures against its own fixed credentials.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface ObjectStore {
  /** The settings that point both processes at the bucket. */
  env: Record<string, string>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** A local S3-protocol server with one bucket, its objects under `work`. */
export async function startObjectStore(work: string): Promise<ObjectStore> {
  const directory = join(work, 's3');
  mkdirSync(directory);
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async keys() {
      const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (res.Contents ?? []).map((o) => o.Key!);
    },
    async stop() {
      client.destroy();
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
    },
  };
}

/** A multipart POST with one file field, as the extension and the contact form send it. */
async function postFile(
  base: string,
  path: string,
  file: { field: string; bytes: Buffer; type: string },
  opts: { token?: string; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.set(name, value);
  form.set(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), 'picture');
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    body: form,
  });
  return { status: res.status, body: await res.text() };
}

/** Bytes of a GET, with its status. */
async function getBytes(base: string, path: string, token: string) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * An image uploaded through process A is read through process B and deleted (post and object) through nginx;
 * a support screenshot sent through A is shown to an operator through B.
 */
export async function mediaAcrossProcesses(s: Shape, store: ObjectStore): Promise<void> {
  const [a, b] = s.processes;
  const email = `scale-media-${Date.now()}@example.com`;
  const registered = await call(a.url, 'POST', '/api/auth/register', {
    body: { email, password: 'correct-horse-1', displayName: 'Scale Media' },
  });
  assert.equal(registered.status, 200, `register: ${registered.body}`);
  const token = registered.json().token as string;
  const saved = await call(a.url, 'POST', '/api/ext/posts', {
    token,
    body: { platform: 'x', url: 'https://x.com/scale/media/1' },
  });
  assert.equal(saved.status, 201, `save: ${saved.body}`);
  const postId = (saved.json().post as { id: string }).id;

  const before = await store.keys();
  const uploaded = await postFile(
    a.url,
    `/api/ext/posts/${postId}/media`,
    {
      field: 'file',
      bytes: TINY_PNG,
      type: 'image/png',
    },
    { token },
  );
  assert.equal(uploaded.status, 201, `upload on ${a.name}: ${uploaded.body}`);
  const mediaId = JSON.parse(uploaded.body).media.id as string;
  const added = (await store.keys()).filter((k) => !before.includes(k));
  assert.deepEqual(
    added.map((k) => k.replace(/^media\/[^/]+\//, 'media/…/')),
    [`media/…/${mediaId}.png`],
  );

  const read = await getBytes(b.url, `/api/ext/media/${mediaId}`, token);
  assert.equal(read.status, 200, `read on ${b.name}`);
  assert.ok(read.bytes.equals(TINY_PNG), `the bytes read on ${b.name} are the ones uploaded on ${a.name}`);
  // Another account (the demo user is locked out by the sign-in limit check by now).
  const other = await call(s.nginx, 'POST', '/api/auth/register', {
    body: { email: `other-${email}`, password: 'correct-horse-1', displayName: 'Scale Other' },
  });
  const stranger = other.json().token as string;
  assert.equal((await getBytes(b.url, `/api/ext/media/${mediaId}`, stranger)).status, 404, 'another user');

  const shot = await postFile(
    s.processes[0].url,
    '/api/contact',
    {
      field: 'screenshot',
      bytes: TINY_JPEG,
      type: 'image/jpeg',
    },
    { fields: { type: 'support', name: 'Scale Sender', email, message: `Scale screenshot ${email}` } },
  );
  assert.equal(shot.status, 200, `contact on ${a.name}: ${shot.body}`);
  const admin = await signIn(s.nginx, 'admin@example.com', 'admin-demo-1');
  const listed = await call(b.url, 'GET', `/api/admin/messages?search=${encodeURIComponent(email)}`, {
    token: admin,
  });
  const [message] = listed.json().messages as { id: string }[];
  const screenshot = await getBytes(b.url, `/api/admin/messages/${message.id}/screenshot`, admin);
  assert.equal(screenshot.status, 200, `screenshot on ${b.name}`);
  assert.ok(screenshot.bytes.equals(TINY_JPEG), 'the screenshot read on B is the one sent on A');

  const deleted = await call(s.nginx, 'DELETE', `/api/ext/posts/${postId}`, { token });
  assert.equal(deleted.status, 204, 'delete through nginx');
  const left = await store.keys();
  assert.ok(!left.some((k) => k.endsWith(`/${mediaId}.png`)), 'the object is gone from the bucket');
  assert.equal((await getBytes(b.url, `/api/ext/media/${mediaId}`, token)).status, 404, 'read after delete');
  s.figures.push(['object storage: upload A, read B, delete nginx', 'ok']);
  s.figures.push(['objects left in the bucket (screenshots)', left.length]);
}
