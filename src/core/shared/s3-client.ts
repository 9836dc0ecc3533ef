import type { S3Client } from '@aws-sdk/client-s3';
import type { BucketSettings } from '../config.ts';

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

/** The bucket cannot take the request now (credentials, quota, network, silence), not a bug of ours. */
export function isBucketUnavailable(error: unknown): boolean {
  const { name, code } = error as { name?: string; code?: string };
  return UNAVAILABLE.has(name ?? '') || NETWORK.has(code ?? '');
}

/** A whole request (an upload's body included) may take this many times S3_TIMEOUT_SECONDS. */
const REQUEST_TIMEOUTS = 3;

/**
 * The client of an S3-compatible service (AWS S3, Backblaze B2, Cloudflare R2, MinIO…), made with
 * the first call: the SDK loads only on a site that uses a bucket. For the image storage and the
 * off-site copies of backups.
 */
export function s3Client(settings: BucketSettings): () => Promise<{ sdk: Sdk; client: S3Client }> {
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  return () =>
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
        // connection (a network gone silent) would hold every request with it.
        requestHandler: {
          connectionTimeout: settings.timeoutMs,
          socketTimeout: settings.timeoutMs,
          requestTimeout: settings.timeoutMs * REQUEST_TIMEOUTS,
          throwOnRequestTimeout: true,
        },
      }),
    })));
}
