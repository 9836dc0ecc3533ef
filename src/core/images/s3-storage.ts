import type { BucketSettings } from '../config.ts';
import { isBucketUnavailable, s3Client } from '../shared/s3-client.ts';
import {
  assertValidKey,
  contentTypeOf,
  isValidKey,
  type ImageStorage,
  StorageUnavailableError,
  StorageUnreadableError,
} from './storage.ts';

const PROBE_KEY = '.storage-probe';

/**
 * Image files in an S3-compatible bucket (AWS S3, Backblaze B2, Cloudflare R2, MinIO…), behind the
 * same interface as the local folder: several instances can share it, and no disk is needed.
 * A PutObject is all or nothing, so there are no unfinished writes to sweep.
 */
export function createS3Storage(settings: BucketSettings): ImageStorage {
  const s3 = s3Client(settings);
  const objectKey = (key: string) => `${settings.prefix}${key}`;

  async function writing<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (isBucketUnavailable(error)) throw new StorageUnavailableError(error);
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
            ContentType: contentTypeOf(key),
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
          if (key && isValidKey(key)) keys.push(key);
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
