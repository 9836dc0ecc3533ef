import fs from 'node:fs/promises';
import path from 'node:path';
import { folderGate, FolderNotAnsweringError } from './folder-gate.ts';
import { DISK_LOW_FRACTION, DISK_PHOTO_RESERVE_FRACTION, type DiskSpace, type Holding, holdingsText } from './disk-space.schema.ts';

/** A disk's free bytes (what an ordinary user may still write: root's reserve does not count) and its size. */
export const bytesOf = (space: { bavail: number; blocks: number; bsize: number }) => ({
  free: space.bavail * space.bsize,
  total: space.blocks * space.bsize,
});

/** The nearest folder that exists: a backup folder not made yet is on its parent's disk. */
async function existing(dir: string): Promise<string> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      await fs.access(at);
      return at;
    } catch (error) {
      if (at === path.dirname(at)) throw error;
    }
  }
}

/**
 * File systems that keep nothing for long, by statfs's magic number: tmpfs and ramfs live in
 * memory (gone at a restart), and overlayfs is a container's own layer (gone when the container
 * is replaced: a new image deployed, a host moved).
 */
const FORGETFUL: Record<number, 'memory' | 'container'> = { 0x01021994: 'memory', 0x858458f6: 'memory', 0x794c7630: 'container' };

/** A folder the site writes to that will not keep what it holds, and why. */
export interface ForgetfulPlace {
  holds: Holding[];
  dir: string;
  kind: 'memory' | 'container';
}

/** What whoever runs the server reads at start about such a folder. */
export function forgetfulWarning({ holds, dir, kind }: ForgetfulPlace): string {
  const what = holdingsText(holds);
  return kind === 'memory'
    ? `${dir} is in memory (tmpfs): ${what} kept there will be lost when the machine restarts. Set DATA_DIR (or BACKUP_DIR) to a folder on a disk.`
    : `${dir} is inside the container's own file system: ${what} kept there will be lost when the container is replaced. Mount a volume on it.`;
}

/**
 * How full each disk the site writes to is: each folder's disk once, with what it holds. A
 * database or photos elsewhere (PostgreSQL, a bucket) are not this server's to count.
 */
export function createDiskWatch(places: { holds: Holding; dir: string }[]) {
  const photos = places.find((place) => place.holds === 'photos');
  /** Each folder is asked through its gate: one that does not answer holds one of Node's file threads, not all (144). */
  const ask = <T>(dir: string, call: (existingDir: string) => Promise<T>) => folderGate(dir).run(async () => call(await existing(dir)));
  return {
    /**
     * Whether `bytes` more photos leave their disk its reserve (DISK_PHOTO_RESERVE_FRACTION);
     * always, when photos are not on this server's disks (a bucket).
     */
    async roomForPhotos(bytes: number): Promise<boolean> {
      if (!photos) return true;
      const { free, total } = bytesOf(await ask(photos.dir, (dir) => fs.statfs(dir)));
      return free - bytes >= total * DISK_PHOTO_RESERVE_FRACTION;
    },

    /** The folders whose file system will not keep what they hold (checked at start), one per file system. */
    async forgetful(): Promise<ForgetfulPlace[]> {
      const found = new Map<number, ForgetfulPlace>();
      for (const place of places) {
        const [{ dev }, { type }] = await ask(place.dir, (dir) => Promise.all([fs.stat(dir), fs.statfs(dir)]));
        const kind = FORGETFUL[type];
        if (!kind) continue;
        const known = found.get(dev);
        if (known) known.holds.push(place.holds);
        else found.set(dev, { holds: [place.holds], dir: place.dir, kind });
      }
      return [...found.values()];
    },

    /** The folders whose disk does not answer now (what they hold): check() leaves them out. */
    notAnswering: (): Holding[] => places.filter((place) => folderGate(place.dir).notAnsweringSince() !== null).map((place) => place.holds),

    async check(): Promise<DiskSpace[]> {
      const disks = new Map<number, DiskSpace>();
      for (const place of places) {
        let dev, space;
        try {
          [{ dev }, space] = await ask(place.dir, (dir) => Promise.all([fs.stat(dir), fs.statfs(dir)]));
        } catch (error) {
          if (error instanceof FolderNotAnsweringError) continue;
          throw error;
        }
        const known = disks.get(dev);
        if (known) {
          if (!known.holds.includes(place.holds)) known.holds.push(place.holds);
          continue;
        }
        const { free: freeBytes, total: totalBytes } = bytesOf(space);
        disks.set(dev, { holds: [place.holds], freeBytes, totalBytes, low: freeBytes < totalBytes * DISK_LOW_FRACTION });
      }
      return [...disks.values()];
    },
  };
}
export type DiskWatch = ReturnType<typeof createDiskWatch>;
