import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, migrateToLatest, type Db } from '../db/connect.ts';
import { agreedSiteKey } from './site-keys.repository.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-keys-'));
// Two connections to one file: two instances starting at once.
const first: Db = connect({ kind: 'sqlite', file: path.join(dir, 'club.sqlite') });
let second: Db;

beforeAll(async () => {
  await migrateToLatest(first);
  second = connect({ kind: 'sqlite', file: path.join(dir, 'club.sqlite') });
});
afterAll(async () => {
  await first.destroy();
  await second.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the site’s keys', () => {
  it('gives instances starting at once the same key, whichever stored it', async () => {
    const candidates = [randomBytes(32), randomBytes(32), randomBytes(32), randomBytes(32)];
    const keys = await Promise.all(candidates.map((candidate, i) => agreedSiteKey(i % 2 ? second : first, 'race', () => candidate)));
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
    expect(candidates.some((candidate) => candidate.equals(keys[0]!))).toBe(true);
    // Kept: a later start, with another candidate, gets the same one.
    expect(await agreedSiteKey(first, 'race', () => randomBytes(32))).toEqual(keys[0]);
  });

  it('replaces a damaged key (too short to sign with), and keeps keys apart by name', async () => {
    await first.insertInto('siteKeys').values({ name: 'damaged', value: 'AAAA', createdAt: new Date().toISOString() }).execute();
    const mended = randomBytes(32);
    expect(await agreedSiteKey(first, 'damaged', () => mended)).toEqual(mended);
    expect(await agreedSiteKey(second, 'damaged', () => randomBytes(32))).toEqual(mended);
    expect(await agreedSiteKey(first, 'race', () => mended)).not.toEqual(mended);
  });
});
