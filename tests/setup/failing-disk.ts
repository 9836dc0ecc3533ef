import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A disk that fails as real ones do on Linux: an ext4 file system mounted with errors=remount-ro
// (Debian's default), on a loop device of its own, which the kernel turns read-only when told of
// an error through /sys/fs/ext4/<device>/trigger_fs_error, as it does on a real I/O error. Needs
// root, a loop device and mkfs.ext4: tests that use it are skipped (and say so) without them.

export interface FailingDisk {
  /** Where the file system is mounted. */
  folder: string;
  /** Makes the kernel treat the file system as failed: from then on it is read-only. */
  fail(): void;
  readOnly(): boolean;
  remove(): void;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** An ext4 file system of `megabytes` on its own loop device, mounted on a new folder. */
export function makeFailingDisk(megabytes = 64): FailingDisk {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'club-ext4-'));
  const image = path.join(base, 'disk.img');
  const folder = path.join(base, 'mounted');
  fs.mkdirSync(folder);
  fs.writeFileSync(image, '');
  fs.truncateSync(image, megabytes * 1024 * 1024);
  try {
    run('mkfs.ext4', ['-q', '-F', image]);
    run('mount', ['-o', 'loop,errors=remount-ro', image, folder]);
  } catch (error) {
    fs.rmSync(base, { recursive: true, force: true });
    throw error;
  }
  const device = path.basename(run('findmnt', ['-n', '-o', 'SOURCE', folder]).trim());
  const options = () => run('findmnt', ['-n', '-o', 'OPTIONS', folder]).trim().split(',');
  return {
    folder,
    fail: () => fs.writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, 'a test of a failing disk'),
    readOnly: () => options().includes('ro') || options().includes('emergency_ro'),
    remove() {
      spawnSync('umount', [folder]);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

export const failingDiskWorks = (() => {
  try {
    const disk = makeFailingDisk(8);
    const works = fs.existsSync(
      `/sys/fs/ext4/${path.basename(run('findmnt', ['-n', '-o', 'SOURCE', disk.folder]).trim())}/trigger_fs_error`,
    );
    disk.remove();
    return works;
  } catch {
    return false;
  }
})();
