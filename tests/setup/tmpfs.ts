import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A small tmpfs of its own stands in for a full disk. Mounting needs root, so the tests that use
// it are skipped (and say so) where it cannot be had.

export const tmpfsWorks = (() => {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'tmpfs-'));
  const works = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]).status === 0;
  if (works) spawnSync('umount', [probe]);
  fs.rmSync(probe, { recursive: true, force: true });
  return works;
})();

/** Mounts a tmpfs of `size` (such as '16m') on `folder`; throws if it cannot. */
export function mountTmpfs(folder: string, size: string): void {
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`mount tmpfs on ${folder} failed: ${result.stderr}`);
}

export function unmount(folder: string): void {
  spawnSync('umount', [folder]);
}

/** Fills the disk under `folder` with `filler`, leaving about `freeBytes`. */
export function fillDisk(folder: string, filler: string, freeBytes = 0): void {
  fs.rmSync(filler, { force: true });
  const { bavail, bsize } = fs.statfsSync(folder);
  const room = bavail * bsize - freeBytes;
  if (room > 0) fs.writeFileSync(filler, Buffer.alloc(room));
}
