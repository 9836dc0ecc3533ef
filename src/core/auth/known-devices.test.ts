import { describe, expect, it } from 'vitest';
import { knownDeviceOf, newKnownDevice } from './known-devices.ts';

const alice = { id: 'a1b2c3d4e5f6', passwordHash: 'scrypt$32768$8$1$salt$key' };

describe('known devices', () => {
  it('knows a proof made for the same administrator and password, and names the device', () => {
    const proof = newKnownDevice(alice);
    const device = knownDeviceOf(proof, alice);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(proof.split('.')[1]).toBe(device);
    expect(knownDeviceOf(newKnownDevice(alice), alice)).not.toBe(device);
  });

  it('refuses a proof for another administrator, after a new password, changed, or malformed', () => {
    const proof = newKnownDevice(alice);
    const [id, nonce, mac] = proof.split('.') as [string, string, string];
    expect(knownDeviceOf(proof, { ...alice, id: 'zzzzzzzzzzzz' })).toBeNull();
    expect(knownDeviceOf(`zzzzzzzzzzzz.${nonce}.${mac}`, { ...alice, id: 'zzzzzzzzzzzz' })).toBeNull();
    expect(knownDeviceOf(proof, { ...alice, passwordHash: 'scrypt$32768$8$1$salt$other' })).toBeNull();
    const otherNonce = `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}`;
    expect(knownDeviceOf(`${id}.${otherNonce}.${mac}`, alice)).toBeNull();
    for (const bad of [
      undefined,
      '',
      'x',
      `${proof}.x`,
      `${id}.${nonce}`,
      `${id}.${nonce}.${mac.slice(1)}`,
      `${id}.${nonce}.${mac}\u0000`,
      'a'.repeat(5000),
    ]) {
      expect(knownDeviceOf(bad, alice), String(bad).slice(0, 40)).toBeNull();
    }
  });
});
