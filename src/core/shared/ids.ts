import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A 12-character random id (about 62 bits): short in URLs, the same on every database. */
export function newId(): string {
  const bytes = randomBytes(12);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % 36];
  return id;
}

export const ID_PATTERN = /^[0-9a-z]{1,64}$/;
