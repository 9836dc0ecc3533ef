import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createShareCopies, drawShareCopy, SHARE_MAX_BYTES } from './share-copy.ts';
import type { ImageStorage } from './storage.ts';

const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  })
    .webp({ quality: 90 })
    .toBuffer();

describe('share copies for link previews', () => {
  it('draws a JPEG at most 1200 px wide that fits the size previews take, even of a photo full of detail', async () => {
    const copy = await drawShareCopy(await noise(2400, 1600));
    const drawn = await sharp(copy).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['jpeg', 1200, 800]);
    expect(copy.byteLength).toBeLessThanOrEqual(SHARE_MAX_BYTES);
  });

  it('puts a light logo with clear parts on dark, so that it shows', async () => {
    const logo = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 4, background: '#ffffff' } }, left: 150, top: 100 }])
      .webp()
      .toBuffer();
    const { data } = await sharp(await drawShareCopy(logo))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((value) => value < 60)).toBe(true);
    const middle = (150 * 400 + 200) * 3;
    expect([...data.subarray(middle, middle + 3)].every((value) => value > 240)).toBe(true);
  });

  it('puts a logo with clear parts on white, and never enlarges a small one', async () => {
    const logo = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 4, background: '#1e40af' } }, left: 150, top: 100 }])
      .webp()
      .toBuffer();
    const copy = await drawShareCopy(logo);
    const { data, info } = await sharp(copy).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([400, 300, 3]);
    expect([...data.subarray(0, 3)].every((value) => value > 245)).toBe(true);
    const middle = (150 * 400 + 200) * 3;
    expect(data[middle + 2]! > 150 && data[middle]! < 80).toBe(true);
  });

  it('draws each once however many ask at once, keeps it, and still answers when it cannot be kept', async () => {
    const files = new Map<string, Uint8Array>([['abc/master.webp', await noise(300, 200)]]);
    const put = vi.fn(async (key: string, data: Uint8Array) => void files.set(key, data));
    const storage = { get: async (key: string) => files.get(key) ?? null, put } as unknown as ImageStorage;
    const warn = vi.fn();
    const shareCopy = createShareCopies(storage, { warn } as never);

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
    const tight = createShareCopies(storage, { warn } as never, async () => false);
    files.set('tight/master.webp', files.get('abc/master.webp')!);
    expect(await tight('tight')).not.toBeNull();
    expect(files.has('tight/share.jpg')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
