import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type MediaStore, type StoredObject } from './mediaStore';

/**
 * Objects in an S3-compatible bucket under `prefix` (media/ or uploads/). The bucket stays private: bytes
 * leave it only through the API's routes, which check who asks, never through a bucket URL.
 */
export function objectMediaStore(client: S3Client, bucket: string, prefix: string): MediaStore {
  const Key = (key: string) => `${prefix}${checkKey(key)}`;
  const read = async (key: string): Promise<StoredObject | null> => {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Key(key) }));
      return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  };
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: Key(key),
          Body: bytes,
          ContentLength: bytes.length,
          // Like the disk store's exclusive create: an existing object is never overwritten.
          IfNoneMatch: '*',
        }),
      );
    },
    async get(key) {
      const object = await read(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    read,
    async delete(key) {
      // S3 answers a delete of a missing key with success, which is this interface's contract too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: Key(key) }));
    },
  };
}

function notFound(err: unknown): boolean {
  if (err instanceof NoSuchKey) return true;
  return err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;
}
