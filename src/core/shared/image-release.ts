import type { Db } from '../db/connect.ts';

/**
 * Runs a content write in one transaction with the release of the images it stops using: call
 * `release(url)` with each image URL a row stopped using (the images service's `transaction`).
 */
export type WithImageRelease = <T>(work: (trx: Db, release: (url: string | null | undefined) => Promise<void>) => Promise<T>) => Promise<T>;
