import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { bech32 } from '@scure/base';
import { PARTIAL_SUFFIX } from './backup-files.ts';

// The copies of the backups that leave the server (BACKUP_S3_BUCKET) are encrypted with age
// (age-encryption.org, the age-encryption package by age's author) to the public keys in
// BACKUP_RECIPIENTS: the server holds no secret that opens them, and whoever keeps a secret key
// restores with it, or with the age command itself (docs/decisions/045). age-encryption is
// loaded only when a copy is made or opened: it costs about 24 MB.

/** Appended to a backup's name in the bucket when the copy is encrypted. */
export const ENCRYPTED_SUFFIX = '.age';

const SECRET_KEY = /AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]+/gi;

/** An age X25519 public key (`age1…`, 62 characters), as `npm run backup-key` and `age-keygen` print. */
export function isBackupRecipient(text: string): boolean {
  if (!/^age1[02-9ac-hj-np-z]{58}$/.test(text)) return false;
  try {
    const { prefix, bytes } = bech32.decodeToBytes(text);
    return prefix === 'age' && bytes.length === 32;
  } catch {
    return false;
  }
}

/** A new key pair: the secret key to keep off the server, the public key for BACKUP_RECIPIENTS. */
export async function newBackupKey(): Promise<{ secretKey: string; publicKey: string }> {
  const age = await import('age-encryption');
  const secretKey = await age.generateX25519Identity();
  return { secretKey, publicKey: await age.identityToRecipient(secretKey) };
}

/** The file encrypted to `recipients`, read as it is sent, and the encrypted size. */
export async function encryptedFile(file: string, recipients: string[]): Promise<{ body: Readable; size: number }> {
  const age = await import('age-encryption');
  const encrypter = new age.Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const { size } = await fs.promises.stat(file);
  const encrypted = await encrypter.encrypt(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>);
  return { body: Readable.fromWeb(encrypted as import('node:stream/web').ReadableStream<Uint8Array>), size: encrypted.size(size) };
}

/** A key that cannot open a copy, in words for whoever runs the restore. */
export class BackupKeyError extends Error {
  override name = 'BackupKeyError';
}

/**
 * Decrypts `source` (a copy called `what`) with the secret key(s) found in `keyText` into
 * `dir/name`, under a temporary name renamed when whole: a wrong key, a damaged copy or a cut
 * stream leaves nothing behind. The text may be a key file (`age-keygen`'s, comments and all).
 */
export async function decryptInto(source: Readable, what: string, keyText: string, dir: string, name: string): Promise<string> {
  const keys = keyText.match(SECRET_KEY) ?? [];
  if (keys.length === 0) {
    source.destroy();
    throw new BackupKeyError(
      `${what} is encrypted: its secret key is needed (a line starting AGE-SECRET-KEY-1, kept when npm run backup-key made it). Nothing was changed.`,
    );
  }
  const age = await import('age-encryption');
  const decrypter = new age.Decrypter();
  try {
    for (const key of keys) decrypter.addIdentity(key.toUpperCase());
  } catch {
    source.destroy();
    throw new BackupKeyError(
      `The secret key given is mistyped (its last characters are a checksum that does not match). Nothing was changed.`,
    );
  }
  const file = path.join(dir, name);
  const temporary = `${file}.decrypt${PARTIAL_SUFFIX}`;
  try {
    const plain = await decrypter.decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>);
    await fs.promises.mkdir(dir, { recursive: true });
    await pipeline(
      Readable.fromWeb(plain as import('node:stream/web').ReadableStream<Uint8Array>),
      fs.createWriteStream(temporary, { mode: 0o600 }),
    );
    await fs.promises.rename(temporary, file);
    return file;
  } catch (error) {
    source.destroy();
    if (error instanceof Error && /no identity matched/.test(error.message))
      throw new BackupKeyError(`The secret key given does not open ${what}: it was encrypted for another key. Nothing was changed.`, {
        cause: error,
      });
    // A disk that is full, a connection cut: said by whoever called. age's own errors carry no code.
    if (typeof (error as { code?: unknown }).code === 'string') throw error;
    throw new BackupKeyError(
      `${what} is damaged or incomplete and cannot be decrypted (${(error as Error).message}). Nothing was changed; try an older copy.`,
      {
        cause: error,
      },
    );
  } finally {
    await fs.promises.rm(temporary, { force: true });
  }
}
