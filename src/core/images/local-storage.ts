import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { folderGate } from '../disk/folder-gate.ts';
import { isUnwritable } from '../shared/disk-errors.ts';
import { makeFolderDurably, syncFolder } from '../shared/durable-files.ts';
import { assertValidKey, isValidKey, type ImageStorage, StorageUnavailableError, StorageUnreadableError } from './storage.ts';

async function writing<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isUnwritable(error)) throw new StorageUnavailableError(error);
    throw error;
  }
}

// A write goes to `{file}.{12 hex}.tmp` first; a name of that shape that is still there is a
// write that never finished (the process was killed).
const temporaryFor = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;
const UNFINISHED = /\.[0-9a-f]{12}\.tmp$/;

/**
 * Files under one folder; every write goes to a temporary file first and is renamed into place.
 * A put resolves once the file, its name and its folder's name are on the disk: the image's row is
 * written after its files, so a photo the site said it saved is still there after a power cut.
 */
export function createLocalStorage(root: string): ImageStorage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      const temporary = temporaryFor(file);
      await writing(async () => {
        await makeFolderDurably(path.dirname(file));
        const handle = await fs.open(temporary, 'w');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temporary, file);
        await syncFolder(path.dirname(file));
      }).catch(async (error: unknown) => {
        await fs.rm(temporary, { force: true }).catch(() => {});
        throw error;
      });
    },

    async get(key) {
      const file = fileOf(key);
      try {
        return await fs.readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new StorageUnreadableError(error);
      }
    },

    async delete(key) {
      const file = fileOf(key);
      await writing(() => fs.rm(file, { force: true }));
      // Remove the image's folder once it is empty.
      await fs.rmdir(path.dirname(file)).catch(() => {});
    },

    async list(prefix = '', writtenBefore) {
      const keys: string[] = [];
      let folders: string[];
      try {
        folders = await fs.readdir(root);
      } catch {
        return keys;
      }
      for (const folder of folders) {
        const entries = await fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of entries) {
          const key = `${folder}/${name}`;
          if (!isValidKey(key) || !key.startsWith(prefix)) continue;
          // A file gone since the folder was read is not listed. Its write was renamed into place,
          // so its time is when it was written.
          if (writtenBefore) {
            const stat = await fs.stat(path.join(root, folder, name)).catch(() => null);
            if (!stat || stat.mtime >= writtenBefore) continue;
          }
          keys.push(key);
        }
      }
      return keys.sort();
    },

    async sweepUnfinished(before) {
      const removed: string[] = [];
      const folders = await fs.readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        const entries = await fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of entries.filter((entry) => UNFINISHED.test(entry))) {
          const file = path.join(root, folder, name);
          const stat = await fs.stat(file).catch(() => null);
          if (stat && stat.mtime < before) {
            await writing(() => fs.rm(file, { force: true }));
            removed.push(`${folder}/${name}`);
          }
        }
        await fs.rmdir(path.join(root, folder)).catch(() => {});
      }
      return removed;
    },

    async checkWritable() {
      const probe = path.join(root, `.probe-${randomBytes(6).toString('hex')}`);
      // Asked by every health check: through the folder's gate, so that a disk that does not
      // answer holds one of Node's file threads, not one a check (docs/decisions/144).
      await folderGate(root).run(() =>
        writing(async () => {
          await fs.mkdir(root, { recursive: true });
          try {
            await fs.writeFile(probe, 'ok');
          } finally {
            // A full disk creates the file and then refuses its bytes: never leave it behind.
            await fs.rm(probe, { force: true });
          }
        }),
      );
    },
  };
}
