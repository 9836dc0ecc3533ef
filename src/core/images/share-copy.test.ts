import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawShareCopy, SHARE_MAX_BYTES } from './share-copy.ts';

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
});
