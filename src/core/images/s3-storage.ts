import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { assertValidKey, type ImageStorage, StorageUnavailableError, StorageUnreadableError } from './storage.ts';

type S3Settings = NonNullable<Config['s3']>;
type Sdk = typeof import('@aws-sdk/client-s3');

/** Errors that mean "the bucket cannot take writes now" (credentials, quota, network), not a bug of ours. */
const UNAVAILABLE = new Set([
  'AccessDenied',
  'NoSuchBucket',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'QuotaExceeded',
  'ServiceUnavailable',
  'SlowDown',
  // The service did not answer in time (S3_TIMEOUT_SECONDS), each attempt.
  'TimeoutError',
]);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const PROBE_KEY = '.storage-probe';
/** A whole request (an upload's body included) may take this many times S3_TIMEOUT_SECONDS. */
const REQUEST_TIMEOUTS = 3;

/**
 * Image files in an S3-compatible bucket (AWS S3, Backblaze B2, Cloudflare R2, MinIO…), behind the
 * same interface as the local folder: several instances can share it, and no disk is needed.
 * A PutObject is all or nothing, so there are no unfinished writes to sweep. The SDK loads with
 * the first call (a site on a local folder never carries it).
 */
export function createS3Storage(settings: S3Settings): ImageStorage {
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint && { endpoint: settings.endpoint }),
        forcePathStyle: settings.forcePathStyle,
        ...(settings.accessKeyId &&
          settings.secretAccessKey && { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }),
        // Checksums only where S3 requires them: several S3-compatible services refuse the
        // SDK's newer default (aws-chunked bodies with trailing checksums).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        // The SDK waits for ever by default: a service that stops answering without closing the
        // connection (a network gone silent) would hold every image request and upload with it.
        requestHandler: {
          connectionTimeout: settings.timeoutMs,
          socketTimeout: settings.timeoutMs,
          requestTimeout: settings.timeoutMs * REQUEST_TIMEOUTS,
          throwOnRequestTimeout: true,
        },
      }),
    })));
  const objectKey = (key: string) => `${settings.prefix}${key}`;

  async function writing<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      const { name, code } = error as { name?: string; code?: string };
      if (UNAVAILABLE.has(name ?? '') || NETWORK.has(code ?? '')) throw new StorageUnavailableError(error);
      throw error;
    }
  }

  return {
    async put(key, data) {
      assertValidKey(key);
      const { sdk, client } = await s3();
      await writing(() =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket: settings.bucket,
            Key: objectKey(key),
            Body: data,
            ContentType: key.endsWith('.avif') ? 'image/avif' : 'image/webp',
          }),
        ),
      );
    },

    async get(key) {
      assertValidKey(key);
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw new StorageUnreadableError(error);
      }
    },

    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await s3();
      await writing(() => client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) })));
    },

    async list(prefix = '', writtenBefore) {
      const { sdk, client } = await s3();
      const keys: string[] = [];
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: settings.bucket, Prefix: objectKey(prefix) })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(settings.prefix.length);
          if (writtenBefore && !(object.LastModified && object.LastModified < writtenBefore)) continue;
          if (key && key !== PROBE_KEY) keys.push(key);
        }
      }
      return keys.sort();
    },

    sweepUnfinished: () => Promise.resolve([]),

    async checkWritable() {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(PROBE_KEY), Body: 'ok' }));
        await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(PROBE_KEY) }));
      } catch (error) {
        throw new StorageUnavailableError(error);
      }
    },
  };
}
