import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHeic, HeicError, isHeic } from './heic.ts';
import { detectFormat, NOT_AN_IMAGE, processImage } from './pipeline.ts';
import { loadSharp } from './sharp.ts';

// A 600×400 photo, left half red and right half blue, as an iPhone keeps it (made by libheif's heif-enc).
const heic = new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures/red-blue-600x400.heic')));

describe('HEIC photos', () => {
  it('are known by their brand, and other ISO files are not', async () => {
    expect(isHeic(heic)).toBe(true);
    expect(detectFormat(heic)).toBe('heic');
    const sharp = await loadSharp();
    const avif = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .avif()
        .toBuffer(),
    );
    expect(isHeic(avif)).toBe(false);
    expect(detectFormat(avif)).toBe('avif');
    expect(isHeic(new TextEncoder().encode('\0\0\0\x18ftypisom\0\0\0\0isommp42'))).toBe(false);
    expect(isHeic(new Uint8Array(10))).toBe(false);
  });

  it('become the same master and variants as any upload, with their pixels where they were', async () => {
    const processed = await processImage(heic);
    expect([processed.width, processed.height]).toEqual([600, 400]);
    const sharp = await loadSharp();
    const { data, info } = await sharp(processed.master).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [r1, g1, b1] = pixel(100, 200);
    const [r2, , b2] = pixel(500, 200);
    expect(r1! > 180 && g1! < 80 && b1! < 80, `left ${pixel(100, 200).join(',')}`).toBe(true);
    expect(b2! > 180 && r2! < 80, `right ${pixel(500, 200).join(',')}`).toBe(true);
    expect(processed.variants.map((variant) => variant.format)).toContain('avif');
  }, 30_000);

  it('are refused before decoding when they have too many pixels, and as no image when damaged', async () => {
    await expect(decodeHeic(heic, 1000)).rejects.toEqual(new HeicError('too-many-pixels'));
    await expect(processImage(heic.subarray(0, 300))).rejects.toMatchObject({ message: NOT_AN_IMAGE, status: 400 });
    const junk = new Uint8Array([...heic.subarray(0, 40), ...new Uint8Array(2000).fill(7)]);
    await expect(processImage(junk)).rejects.toMatchObject({ message: NOT_AN_IMAGE, status: 400 });
  }, 30_000);
});
