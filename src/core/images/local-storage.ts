import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type ImageStorage } from './storage.ts';

/** Files under one folder; every write goes to a temporary file first and is renamed into place. */
export function createLocalStorage(root: string): ImageStorage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await fs.open(temporary, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
    },

    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      // Remove the image's folder once it is empty.
      await fs.rmdir(path.dirname(file)).catch(() => {});
    },

    async list(prefix = '') {
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
          if (!name.endsWith('.tmp') && key.startsWith(prefix)) keys.push(key);
        }
      }
      return keys.sort();
    },
  };
}
