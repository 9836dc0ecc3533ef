import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName } from '../../src/core/backup/backup-files.ts';
import { DAY_MS } from '../../src/core/shared/time.ts';
import { sqliteDb, type FreshDatabase } from '../setup/databases.ts';
import { startServer, type RunningServer } from '../setup/server.ts';

// Every upgrade that changes the database and every restore leaves a whole backup in the folder
// (with the photos): left alone, a site upgraded monthly for years filled its disk with them. They
// are kept while the daily backups reach back to them, at most BACKUP_KEEP of a kind, and the
// newest of each kind always (docs/decisions/141).

describe('backups taken before a migration or a restore', () => {
  const sites: FreshDatabase[] = [];
  const folders: string[] = [];
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    for (const site of sites) await site.drop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  const now = Date.now();
  const ago = (days: number, kind?: string) => backupFileName(new Date(now - days * DAY_MS), kind);
  const place = (dir: string, names: string[]) => {
    fs.mkdirSync(dir, { recursive: true });
    for (const name of names) fs.writeFileSync(path.join(dir, name), `stands for ${name}`);
  };
  const folder = (dir: string) => fs.readdirSync(dir).sort();

  it('are kept while the daily backups reach back to them, and the newest of each kind always', async () => {
    const site = await sqliteDb.createSite();
    sites.push(site);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-backups-'));
    folders.push(dir);
    const kept = [ago(3), ago(2.5, 'before-migration'), ago(30, 'before-restore'), ago(1, 'decrypted')];
    const removed = [ago(4), ago(10, 'before-migration'), ago(20, 'before-migration'), ago(3.5, 'decrypted')];
    place(dir, [...kept, ...removed]);

    // The daily backup missed while the server was away is taken at start: BACKUP_KEEP (2) daily
    // backups then reach back three days.
    server = await startServer({ DATA_DIR: site.dataDir, BACKUP_DIR: dir, BACKUP_KEEP: '2' });
    await expect
      .poll(() => folder(dir).filter((name) => !kept.includes(name)), { timeout: 20_000 })
      .toEqual([expect.stringMatching(/^club-backup-\d{8}-\d{6}\.tar\.gz$/)]);
    expect(folder(dir)).toEqual(expect.arrayContaining(kept));
  });

  it('are at most BACKUP_KEEP of a kind in a folder without daily backups, and the backups taken by hand stay', async () => {
    await server?.stop();
    server = undefined;
    const site = await sqliteDb.createSite();
    sites.push(site);
    const dir = path.join(site.dataDir, 'backups');
    const upgrades = Array.from({ length: 16 }, (_, i) => ago(16 - i, 'before-migration'));
    const byHand = Array.from({ length: 16 }, (_, i) => ago(40 + i));
    place(dir, [...upgrades, ...byHand]);

    server = await startServer({ DATA_DIR: site.dataDir });
    await expect.poll(() => folder(dir).length, { timeout: 20_000 }).toBe(30);
    expect(folder(dir)).toEqual([...byHand, ...upgrades.slice(2)].sort());
  });
});
