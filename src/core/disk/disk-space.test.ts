import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DISK_PHOTO_RESERVE_FRACTION, diskLowMessage } from './disk-space.schema.ts';
import { createDiskWatch, forgetfulWarning } from './disk-space.ts';

it('counts each disk once, with all it holds, and a folder not made yet on its parent’s disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-disk-'));
  try {
    const disks = await createDiskWatch([
      { holds: 'the database', dir },
      { holds: 'photos', dir: path.join(dir, 'images') },
      { holds: 'backups', dir: path.join(dir, 'backups', 'not', 'made') },
    ]).check();
    expect(disks).toHaveLength(1);
    expect(disks[0]!.holds).toEqual(['the database', 'photos', 'backups']);
    const { bavail, bsize, blocks } = fs.statfsSync(dir);
    expect(disks[0]!.totalBytes).toBe(blocks * bsize);
    expect(Math.abs(disks[0]!.freeBytes - bavail * bsize)).toBeLessThan(64 * 1024 * 1024);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('words the warning as a volunteer reads it', () => {
  expect(diskLowMessage({ holds: ['the database', 'photos'], freeBytes: 900 * 1024 ** 2, totalBytes: 10 * 1024 ** 3, low: true })).toBe(
    "The server's disk is nearly full: 900 MB left of 10 GB (it holds the database and photos). When it is full, nothing can be saved and no backup taken: tell whoever runs the site.",
  );
});

it('leaves photos out of the last twentieth of their disk, and counts none when they are in a bucket', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-disk-'));
  try {
    const { bavail, bsize, blocks } = fs.statfsSync(dir);
    const watch = createDiskWatch([{ holds: 'photos', dir: path.join(dir, 'images') }]);
    const spare = bavail * bsize - blocks * bsize * DISK_PHOTO_RESERVE_FRACTION;
    // Room to the byte, give or take what other programs write meanwhile.
    expect(await watch.roomForPhotos(Math.max(0, spare - 64 * 1024 * 1024))).toBe(spare > 64 * 1024 * 1024);
    expect(await watch.roomForPhotos(spare + 64 * 1024 * 1024)).toBe(false);
    expect(await createDiskWatch([{ holds: 'the database', dir }]).roomForPhotos(Number.MAX_SAFE_INTEGER)).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// /dev/shm is a tmpfs on Linux; elsewhere there is nothing in memory to look at.
const shm = fs.existsSync('/dev/shm') && fs.statfsSync('/dev/shm').type === 0x01021994;

it.skipIf(!shm)('finds the folders that will not keep what they hold, one line per file system', async () => {
  const inMemory = fs.mkdtempSync('/dev/shm/club-disk-');
  const onDisk = fs.mkdtempSync(path.join(os.tmpdir(), 'club-disk-'));
  try {
    const places = await createDiskWatch([
      { holds: 'the database', dir: inMemory },
      { holds: 'photos', dir: path.join(inMemory, 'images') },
      { holds: 'backups', dir: onDisk },
    ]).forgetful();
    expect(places).toEqual([{ holds: ['the database', 'photos'], dir: inMemory, kind: 'memory' }]);
    expect(forgetfulWarning(places[0]!)).toBe(
      `${inMemory} is in memory (tmpfs): the database and photos kept there will be lost when the machine restarts. Set DATA_DIR (or BACKUP_DIR) to a folder on a disk.`,
    );
    expect(await createDiskWatch([{ holds: 'backups', dir: onDisk }]).forgetful()).toEqual([]);
  } finally {
    fs.rmSync(inMemory, { recursive: true, force: true });
    fs.rmSync(onDisk, { recursive: true, force: true });
  }
});

it('words the warning for a container’s own file system', () => {
  expect(forgetfulWarning({ holds: ['the database'], dir: '/app/data', kind: 'container' })).toBe(
    "/app/data is inside the container's own file system: the database kept there will be lost when the container is replaced. Mount a volume on it.",
  );
});
