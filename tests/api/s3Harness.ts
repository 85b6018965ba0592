import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

const BUCKET = 'postkeeper-test';
// s3rver's own fixed credentials: it checks request signatures against these.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A local S3-protocol server for one test file: its bucket, the app's env for it, and a way to stop it. */
export interface LocalS3 {
  /** The settings that point the app's stores at the bucket. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** The bytes stored under a key. */
  bytes(key: string): Promise<Buffer>;
  /** Stops the server (requests are refused) until `start` brings it back on the same port and folder. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Starts s3rver on a random port with a temporary folder before the file's tests and stops it after them. */
export function sharedLocalS3(): LocalS3 {
  let dir = '';
  let port = 0;
  let server: S3rver | null = null;
  let client: S3Client;
  const start = async () => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    port = (await server.run()).port;
  };
  const s3: LocalS3 = {
    env: {},
    async keys() {
      const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    async bytes(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async stop() {
      if (!server) return;
      // The SDK keeps connections alive; dropping them makes the stop immediate, like a machine going away.
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      server = null;
    },
    start,
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'postkeeper-s3-'));
    await start();
    const endpoint = `http://127.0.0.1:${port}`;
    Object.assign(s3.env, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
    client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  });
  afterAll(async () => {
    client?.destroy();
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return s3;
}
