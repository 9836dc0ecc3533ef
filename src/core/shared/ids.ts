const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A 12-character random id (about 62 bits): short in URLs, the same on every database. Web
 * Crypto, not node:crypto: the admin's bundle imports this module for ID_PATTERN.
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % 36];
  return id;
}

export const ID_PATTERN = /^[0-9a-z]{1,64}$/;
