import { DomainError } from '../shared/errors.ts';

/** The storage cannot take writes (full, read-only, gone): nothing was stored, the client may retry later. */
export class StorageUnavailableError extends DomainError {
  override name = 'StorageUnavailableError';
  constructor(cause?: unknown) {
    super(
      "The image could not be saved: the server's storage is full or not writable. Please try again later, and tell whoever runs the site.",
      { cause },
    );
  }
}

/** The storage cannot be read now (a bucket that does not answer, a failing disk): nothing is known to be wrong with the image. */
export class StorageUnreadableError extends DomainError {
  override name = 'StorageUnreadableError';
  constructor(cause?: unknown) {
    super('The image storage cannot be read at the moment. Please try again in a minute.', { cause });
  }
}

/**
 * Where image files live. Keys are relative paths such as `abc123/640.webp`. The local folder
 * is the only backend today; an object-storage class can implement the same four methods.
 */
export interface ImageStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none; StorageUnreadableError when the storage cannot be read. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /**
   * Every key that starts with `prefix` (all keys when it is empty); with `writtenBefore`, only
   * files written before then (an upload being stored now has files but no row yet). Only valid
   * keys: files the site did not make are left out.
   */
  list(prefix?: string, writtenBefore?: Date): Promise<string[]>;
  /** Removes writes that never finished (a process killed mid-write) older than `before`; returns what went. */
  sweepUnfinished(before: Date): Promise<string[]>;
  /** Throws StorageUnavailableError unless a file can be written and removed now. */
  checkWritable(): Promise<void>;
}

const KEY = /^[a-z0-9]+(\/[a-z0-9-]+\.(webp|avif|jpg|png))?$/;

/**
 * Whether `key` is one this site makes. Anything else found in the storage (an operator's
 * `640.webp.bak`, a copy's `.DS_Store`, a disk's `lost+found`) is not the site's: never listed,
 * so never backed up, deleted or tripped over (docs/decisions/130).
 */
export const isValidKey = (key: string): boolean => KEY.test(key);

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

const TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', jpg: 'image/jpeg', png: 'image/png' };

/** The media type of a stored file, by its key (a folder's name alone is its WebP master). */
export function contentTypeOf(key: string): string {
  return TYPES[/\.([a-z]+)$/.exec(key)?.[1] ?? 'webp'] ?? 'image/webp';
}
