import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src-server/config';
import { createStores } from '../../src-server/media/stores';

const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';
const BUCKET = { S3_BUCKET: 'postkeeper-media' };

/** The one line loadConfig throws for `env`. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('object storage settings', () => {
  it('keeps media and screenshots on disk when S3_BUCKET is not set', () => {
    const config = loadConfig({});
    expect(config.S3_BUCKET).toBeUndefined();
    expect(createStores(config).media).toBeDefined();
  });

  it('reads the bucket, region, endpoint and path style, with us-east-1 as the default region', () => {
    expect(loadConfig(BUCKET)).toMatchObject({
      S3_BUCKET: 'postkeeper-media',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(
      loadConfig({
        ...BUCKET,
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://minio.internal:9000',
        S3_FORCE_PATH_STYLE: '1',
        AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        AWS_SECRET_ACCESS_KEY: SECRET,
      }),
    ).toMatchObject({
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_FORCE_PATH_STYLE: true,
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    });
  });

  it.each([
    [
      { S3_BUCKET: 'Media_Bucket' },
      'S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
    ],
    [{ ...BUCKET, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http:// or https:// URL'],
    [{ ...BUCKET, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be 0, 1, true or false'],
    [
      { S3_ENDPOINT: 'https://minio.internal' },
      'S3_BUCKET must be set to store media in object storage (S3_ENDPOINT is set)',
    ],
    [
      { S3_FORCE_PATH_STYLE: '1' },
      'S3_BUCKET must be set to store media in object storage (S3_FORCE_PATH_STYLE is set)',
    ],
    [
      { ...BUCKET, AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' },
      'AWS_SECRET_ACCESS_KEY must be set with AWS_ACCESS_KEY_ID',
    ],
    [
      { ...BUCKET, AWS_SECRET_ACCESS_KEY: SECRET },
      'AWS_ACCESS_KEY_ID must be set with AWS_SECRET_ACCESS_KEY',
    ],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(refusal(env)).toContain(`Invalid configuration: ${message}`);
  });

  it('never prints a secret: not the key, not credentials written into the endpoint URL', () => {
    const inUrl = refusal({ ...BUCKET, S3_ENDPOINT: `https://AKIDEXAMPLE:${SECRET}@minio.internal` });
    expect(inUrl).toBe(
      'Invalid configuration: S3_ENDPOINT must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
    const badUrl = refusal({ ...BUCKET, S3_ENDPOINT: `https://AKIDEXAMPLE:${SECRET}@minio internal` });
    expect(badUrl).toBe(
      'Invalid configuration: S3_ENDPOINT must be an http:// or https:// URL (got "https://***@minio internal")',
    );
    const lone = refusal({ ...BUCKET, AWS_SECRET_ACCESS_KEY: SECRET });
    const tokenOnly = refusal({ ...BUCKET, AWS_SESSION_TOKEN: '', AWS_ACCESS_KEY_ID: SECRET });
    for (const message of [inUrl, badUrl, lone, tokenOnly]) {
      expect(message).not.toContain(SECRET);
      expect(message).not.toContain(SECRET.slice(0, 12));
    }
  });
});
