/**
 * Where image files live. Keys are relative paths such as `abc123/640.webp`. The local folder
 * is the only backend today; an object-storage class can implement the same four methods.
 */
export interface ImageStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (all keys when it is empty). */
  list(prefix?: string): Promise<string[]>;
}

const KEY = /^[a-z0-9]+(\/[a-z0-9-]+\.(webp|avif))?$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

export function isValidKey(key: string): boolean {
  return KEY.test(key);
}
