import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { BackupKeyError, decryptInto, encryptedFile, isBackupRecipient, newBackupKey } from './encryption.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-age-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A 1 MB backup-like file, encrypted to `publicKeys`: its bytes and the ciphertext. */
async function encrypted(publicKeys: string[]): Promise<{ plain: Buffer; cipher: Buffer }> {
  const plain = Buffer.from(Array.from({ length: 1024 * 1024 }, (_, i) => (i * 31) % 251));
  const file = path.join(dir, `plain-${Math.random()}`);
  fs.writeFileSync(file, plain);
  const { body, size } = await encryptedFile(file, publicKeys);
  const cipher = await bytesOf(body);
  expect(cipher.length).toBe(size);
  return { plain, cipher };
}

const open = (cipher: Buffer, keyText: string, name = 'club-backup-20261125-030000.tar.gz') =>
  decryptInto(Readable.from([cipher]), 'The copy', keyText, dir, name);

describe('the encryption of the copies in the bucket', () => {
  it('takes only age public keys, checksum included', async () => {
    const { publicKey, secretKey } = await newBackupKey();
    expect(isBackupRecipient(publicKey)).toBe(true);
    const mistyped = `${publicKey.slice(0, -1)}${publicKey.endsWith('q') ? 'p' : 'q'}`;
    for (const bad of [mistyped, publicKey.toUpperCase(), secretKey, `${publicKey} `, 'age1', '', 'ssh-ed25519 AAAA'])
      expect(isBackupRecipient(bad), bad).toBe(false);
    const env = { BACKUP_DIR: dir, BACKUP_S3_BUCKET: 'b' };
    expect(loadConfig({ ...env, BACKUP_RECIPIENTS: ` ${publicKey}, ${(await newBackupKey()).publicKey}` }).backup.recipients).toHaveLength(
      2,
    );
    expect(() => loadConfig({ ...env, BACKUP_RECIPIENTS: mistyped })).toThrow('BACKUP_RECIPIENTS: must be age public keys');
    expect(() => loadConfig({ BACKUP_RECIPIENTS: publicKey })).toThrow('BACKUP_RECIPIENTS: needs BACKUP_S3_BUCKET');
    expect(loadConfig({}).backup.recipients).toEqual([]);
  });

  it('is opened by any one of the secret keys, given alone or as a key file', async () => {
    const [first, second] = [await newBackupKey(), await newBackupKey()];
    const { plain, cipher } = await encrypted([first.publicKey, second.publicKey]);
    expect(cipher.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(cipher.includes(plain.subarray(0, 64))).toBe(false);
    expect(fs.readFileSync(await open(cipher, first.secretKey))).toEqual(plain);
    const keyFile = `# created: 2026-11-25T03:00:00Z\n# public key: ${second.publicKey}\n${second.secretKey.toLowerCase()}\n`;
    expect(fs.readFileSync(await open(cipher, keyFile))).toEqual(plain);
  });

  it('says what is wrong, and leaves nothing behind, for a wrong key, a mistyped key, no key, a damaged or a cut copy', async () => {
    const mine = await newBackupKey();
    const { cipher } = await encrypted([mine.publicKey]);
    const name = 'club-backup-20261125-040000.tar.gz';
    const refusals: [Buffer, string, string][] = [
      [cipher, (await newBackupKey()).secretKey, 'The secret key given does not open The copy: it was encrypted for another key.'],
      [cipher, `${mine.secretKey.slice(0, -1)}${mine.secretKey.endsWith('Q') ? 'P' : 'Q'}`, 'The secret key given is mistyped'],
      [cipher, '', 'The copy is encrypted: its secret key is needed'],
      [
        Buffer.concat([cipher.subarray(0, 400), Buffer.from([cipher[400]! ^ 1]), cipher.subarray(401)]),
        mine.secretKey,
        'The copy is damaged or incomplete',
      ],
      [cipher.subarray(0, cipher.length - 100), mine.secretKey, 'The copy is damaged or incomplete'],
    ];
    for (const [bytes, key, message] of refusals) {
      const refused = await open(bytes, key, name).catch((error: unknown) => error);
      expect(refused, message).toBeInstanceOf(BackupKeyError);
      expect((refused as Error).message).toContain(message);
      expect(fs.readdirSync(dir).filter((file) => file.startsWith(name))).toEqual([]);
    }
  });
});
