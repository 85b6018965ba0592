import { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';
import { diskMediaStore, mediaRoot, uploadsRoot, type MediaStore } from './mediaStore';
import { objectMediaStore } from './objectMediaStore';

/** The two stores of uploaded bytes: the extension's media and the support screenshots. */
export interface Stores {
  media: MediaStore;
  uploads: MediaStore;
  /** Releases the object store's connections; nothing for the disk. */
  close(): void;
}

type StorageConfig = Pick<
  AppConfig,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_FORCE_PATH_STYLE'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
  | 'AWS_SESSION_TOKEN'
>;

/**
 * Folders under DATA_DIR by default; with S3_BUCKET, one bucket holding media/ and uploads/ (docs/deploy.md,
 * Object storage). Credentials are the standard AWS variables; without them the SDK's own chain (instance
 * role, profile) answers.
 */
export function createStores(config: StorageConfig): Stores {
  if (!config.S3_BUCKET) {
    return {
      media: diskMediaStore(mediaRoot(config.DATA_DIR)),
      uploads: diskMediaStore(uploadsRoot(config.DATA_DIR)),
      close: () => undefined,
    };
  }
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: config.AWS_ACCESS_KEY_ID,
            secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
            sessionToken: config.AWS_SESSION_TOKEN,
          }
        : undefined,
    // An unreachable store fails the request in seconds rather than holding it for the socket's default.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  return {
    media: objectMediaStore(client, config.S3_BUCKET, 'media/'),
    uploads: objectMediaStore(client, config.S3_BUCKET, 'uploads/'),
    close: () => client.destroy(),
  };
}
