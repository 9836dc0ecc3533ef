import type { Db } from '../db/connect.ts';

/**
 * Lets go of an image a row stopped using. By default it is kept a while for the change's 'Undo'
 * (docs/decisions/050); `atOnce` deletes it with the transaction (deleting for ever has no undo).
 */
export type ReleaseImage = (url: string | null | undefined, options?: { atOnce?: boolean }) => Promise<void>;

/**
 * Runs a content write in one transaction with the release of the images it stops using: call
 * `release(url)` with each image URL a row stopped using (the images service's `transaction`).
 */
export type WithImageRelease = <T>(work: (trx: Db, release: ReleaseImage) => Promise<T>) => Promise<T>;
