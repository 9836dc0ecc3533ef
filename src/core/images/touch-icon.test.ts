import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawAppIcon, drawTouchIcon } from './touch-icon.ts';

const clear = { r: 0, g: 0, b: 0, alpha: 0 };
const square = (colour: string, size = 100) => ({
  input: { create: { width: size, height: size, channels: 4 as const, background: colour } },
});
const pixels = async (png: Uint8Array) => sharp(png).raw().toBuffer({ resolveWithObject: true });
const at = (data: Buffer, x: number, y: number, channels: number) => [
  ...data.subarray((y * 180 + x) * channels, (y * 180 + x) * channels + 3),
];

describe("a phone's home-screen icon", () => {
  it('is a square opaque PNG, with a logo of clear parts centred on white within a margin', async () => {
    const wide = await sharp({ create: { width: 400, height: 200, channels: 4, background: clear } })
      .composite([{ ...square('#1e40af', 200), left: 100, top: 0 }])
      .webp({ lossless: true })
      .toBuffer();
    const icon = await drawTouchIcon(wide);
    expect((await sharp(icon).metadata()).format).toBe('png');
    const { data, info } = await pixels(icon);
    expect([info.width, info.height, info.channels]).toEqual([180, 180, 3]);
    // iOS fills clear parts with black: there are none, and the margin is white.
    expect(at(data, 0, 0, 3).every((value) => value === 255)).toBe(true);
    expect(at(data, 90, 90, 3)).toEqual([0x1e, 0x40, 0xaf]);
    // The logo (2:1) is 144 px wide within the 18 px margins, 72 px high, centred.
    expect(at(data, 20, 90, 3).every((value) => value === 255)).toBe(true);
    expect(at(data, 60, 90, 3)).toEqual([0x1e, 0x40, 0xaf]);
    expect(at(data, 90, 50, 3).every((value) => value === 255)).toBe(true);
  });

  it('puts a light logo on dark, so that it shows', async () => {
    const white = await sharp({ create: { width: 300, height: 300, channels: 4, background: clear } })
      .composite([{ ...square('#ffffff'), left: 100, top: 100 }])
      .webp({ lossless: true })
      .toBuffer();
    const { data, info } = await pixels(await drawTouchIcon(white));
    expect(info.channels).toBe(3);
    expect(at(data, 0, 0, 3).every((value) => value < 60)).toBe(true);
    expect(at(data, 90, 90, 3).every((value) => value > 240)).toBe(true);
  });

  it('fills the square with an opaque square picture, enlarged from a small one', async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#b91c1c' } })
      .jpeg()
      .toBuffer();
    const { data, info } = await pixels(await drawTouchIcon(photo));
    expect([info.width, info.height]).toEqual([180, 180]);
    for (const [x, y] of [
      [0, 0],
      [179, 179],
      [90, 90],
    ] as const) {
      const [r, g, b] = at(data, x, y, info.channels);
      expect(r! > 160 && g! < 60 && b! < 60, `${x},${y}`).toBe(true);
    }
  });

  // The emblem's icons are files in public/, drawn once from public/logo.svg: a changed emblem is
  // drawn again with REDRAW_EMBLEM=1 and this test.
  it.each([
    ['public/emblem-touch-icon.png', drawTouchIcon, 180],
    ['public/emblem-app-icon.png', drawAppIcon, 512],
  ] as const)('is %s for the built-in emblem, drawn from public/logo.svg', async (name, draw, size) => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const drawn = await draw(await readFile(path.join(root, 'public/logo.svg')));
    const file = path.join(root, name);
    if (process.env.REDRAW_EMBLEM) await writeFile(file, drawn);
    const [want, have] = await Promise.all([pixels(drawn), pixels(await readFile(file))]);
    expect([have.info.width, have.info.height, have.info.channels]).toEqual([size, size, 3]);
    let difference = 0;
    for (let i = 0; i < want.data.length; i++) difference += Math.abs(want.data[i]! - have.data[i]!);
    expect(difference / want.data.length, `${name} is not drawn from public/logo.svg: REDRAW_EMBLEM=1`).toBeLessThan(2);
  });

  it('draws the manifest icon 512 px square with the same rules', async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#b91c1c' } })
      .jpeg()
      .toBuffer();
    const { info } = await pixels(await drawAppIcon(photo));
    expect([info.width, info.height, info.channels]).toEqual([512, 512, 3]);
  });
});
