import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createKeptCopies } from './kept-copies.ts';
import { drawShareCopy } from './share-copy.ts';
import type { ImageStorage } from './storage.ts';
import { phoneJpeg } from '../../../tests/fixtures/images.ts';

describe('copies drawn when first asked for, and kept', () => {
  it('draws each once however many ask at once, keeps it, and still answers when it cannot be kept', async () => {
    const files = new Map<string, Uint8Array>([['abc/master.webp', await phoneJpeg(300, 200)]]);
    const put = vi.fn(async (key: string, data: Uint8Array) => void files.set(key, data));
    const storage = { get: async (key: string) => files.get(key) ?? null, put } as unknown as ImageStorage;
    const warn = vi.fn();
    const shareCopy = createKeptCopies(storage, { warn } as never, 'share.jpg', drawShareCopy);

    const copies = await Promise.all(Array.from({ length: 8 }, () => shareCopy('abc')));
    expect(put).toHaveBeenCalledTimes(1);
    expect(new Set(copies).size).toBe(1);
    expect(await shareCopy('abc')).toBe(files.get('abc/share.jpg'));
    expect(put).toHaveBeenCalledTimes(1);
    expect(await shareCopy('nothing')).toBeNull();

    files.set('full/master.webp', files.get('abc/master.webp')!);
    put.mockRejectedValueOnce(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    expect((await sharp(Buffer.from((await shareCopy('full'))!)).metadata()).format).toBe('jpeg');
    expect(warn).toHaveBeenCalledTimes(1);

    // Past the disk's reserve: answered, not kept.
    const tight = createKeptCopies(storage, { warn } as never, 'share.jpg', drawShareCopy, async () => false);
    files.set('tight/master.webp', files.get('abc/master.webp')!);
    expect(await tight('tight')).not.toBeNull();
    expect(files.has('tight/share.jpg')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
