import { describe, expect, it } from 'vitest';
import { hashOfNoPassword, hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});

describe('the hash that unknown usernames are checked against', () => {
  it('has the parameters of a new hash, so that checking it costs the same, and matches no password', async () => {
    const real = await hashPassword('correct horse battery');
    const none = hashOfNoPassword();
    const shape = (hash: string) => hash.split('$').map((part, index) => (index < 4 ? part : Buffer.from(part, 'base64').length));
    expect(shape(none)).toEqual(shape(real));
    expect(hashOfNoPassword()).not.toBe(none);
    for (const password of ['', 'correct horse battery', '\u0000']) expect(await verifyPassword(password, none)).toBe(false);
  });
});
