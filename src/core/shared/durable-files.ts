import fs from 'node:fs/promises';
import path from 'node:path';

// A file's own fsync carries its bytes to the disk, not its name: the name lives in its folder,
// and a rename or a new folder is only sure to outlast a power cut once that folder is synced too
// (POSIX leaves it undefined; ext4 happens to carry it with the next fsync, XFS and btrfs need not).

/**
 * What a file system that cannot sync a folder at all answers (some FUSE and network mounts, a
 * Mac's folder shared into a container): nothing more can be done there, and SQLite carries on
 * likewise. A failing or full disk answers otherwise (EIO, ENOSPC, EROFS), and that is thrown.
 */
const CANNOT_SYNC_FOLDERS = new Set(['EINVAL', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EISDIR', 'EBADF']);

/** Syncs a folder, so that the names made, renamed or removed in it are on the disk. */
export async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await fs.open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!CANNOT_SYNC_FOLDERS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/** Folders being made now: a second write into one waits until its name is on the disk. */
const making = new Map<string, Promise<void>>();

/** `mkdir -p`, resolving once every folder it made is named on the disk (each one's parent synced). */
export function makeFolderDurably(folder: string): Promise<void> {
  let made = making.get(folder);
  if (!made) {
    made = makeAndSync(folder).finally(() => making.delete(folder));
    making.set(folder, made);
  }
  return made;
}

async function makeAndSync(folder: string): Promise<void> {
  const created = await fs.mkdir(folder, { recursive: true });
  if (created === undefined) return;
  for (let dir = folder; ; dir = path.dirname(dir)) {
    await syncFolder(path.dirname(dir));
    if (dir === created || dir === path.dirname(dir)) return;
  }
}
