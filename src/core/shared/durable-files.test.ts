import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeFolderDurably, syncFolder } from './durable-files.ts';

const failing = (code: string) => Object.assign(new Error(code), { code });

/** Folders opened for a sync answer `code` to it, as some file systems and failing disks do. */
function syncsAnswer(code: string) {
  const open = fs.open.bind(fs);
  vi.spyOn(fs, 'open').mockImplementation(async (file, flags) => {
    const handle = await open(file, flags);
    if ((await handle.stat()).isDirectory()) vi.spyOn(handle, 'sync').mockRejectedValue(failing(code));
    return handle;
  });
}

describe('folders synced so that their names outlast a power cut', () => {
  afterEach(() => vi.restoreAllMocks());

  it('syncs the parent of each folder it makes, once however many writes wait for it', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'durable-'));
    const synced: string[] = [];
    const open = fs.open.bind(fs);
    vi.spyOn(fs, 'open').mockImplementation(async (file, flags) => {
      const handle = await open(file, flags);
      if ((await handle.stat()).isDirectory()) synced.push(String(file));
      return handle;
    });
    const folder = path.join(root, 'images', 'abc');
    await Promise.all([makeFolderDurably(folder), makeFolderDurably(folder), makeFolderDurably(folder)]);
    expect((await fs.stat(folder)).isDirectory()).toBe(true);
    expect(synced.sort()).toEqual([root, path.join(root, 'images')]);
    await makeFolderDurably(folder);
    expect(synced).toHaveLength(2);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('carries on where the file system cannot sync a folder, and throws what a failing disk answers', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'durable-'));
    syncsAnswer('EINVAL');
    await expect(syncFolder(root)).resolves.toBeUndefined();
    vi.restoreAllMocks();
    syncsAnswer('EIO');
    await expect(syncFolder(root)).rejects.toMatchObject({ code: 'EIO' });
    vi.restoreAllMocks();
    await fs.rm(root, { recursive: true, force: true });
  });
});
