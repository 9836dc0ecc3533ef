import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createLocalStorage } from './local-storage.ts';
import { createRemoteImages, isPrivateAddress } from './remote-images.ts';

describe('remote images', () => {
  it('recognises private and local addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '151.101.1.69', '2a00:1450:4009:81d::200e']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('fetches only URLs it signed, and never private addresses unless allowed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-'));
    const remote = createRemoteImages({ storage: createLocalStorage(path.join(dir, 'images')), dataDir: dir, allowPrivate: false, log: createLogger('silent') });
    const link = remote.pathFor('http://127.0.0.1:9/a.jpg');
    expect(link).toMatch(/^\/images\/remote\/[0-9a-f]{40}\?u=http%3A%2F%2F127\.0\.0\.1%3A9%2Fa\.jpg$/);
    const signature = link.split('/')[3]!.split('?')[0]!;
    expect(await remote.get('0'.repeat(40), 'http://127.0.0.1:9/a.jpg')).toBeNull();
    // Signed, but private: refused without a connection attempt.
    expect(await remote.get(signature, 'http://127.0.0.1:9/a.jpg')).toBeNull();
    // The key survives a restart, so links in cached pages stay valid.
    const again = createRemoteImages({ storage: createLocalStorage(path.join(dir, 'images')), dataDir: dir, allowPrivate: false, log: createLogger('silent') });
    expect(again.pathFor('http://127.0.0.1:9/a.jpg')).toBe(link);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
