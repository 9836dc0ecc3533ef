import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A local S3-compatible server (s3rver, from npm) on 127.0.0.1, for the object-storage tests.

export interface LocalS3 {
  /** The environment that points a server at `bucket` on this S3. */
  env(bucket: string): Record<string, string>;
  /** The object keys in a bucket, as stored. */
  keys(bucket: string): string[];
  /** An object's bytes, as stored. */
  read(bucket: string, key: string): Buffer;
  stop(): Promise<void>;
}

export async function startS3(buckets: string[], port = 0): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'club-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const address = await server.run();
  return {
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    keys(bucket) {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((name) => name.endsWith('._S3rver_object'))
        .map((name) => name.replace(/\._S3rver_object$/, ''))
        .sort();
    },
    read: (bucket, key) => fs.readFileSync(path.join(directory, bucket, `${key}._S3rver_object`)),
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
