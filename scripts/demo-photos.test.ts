import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawPhoto, photoSvg, type Scene } from './demo-photos.ts';

const SCENES: Scene[] = ['outdoors', 'evening', 'indoors'];

describe('demo photos', () => {
  it('never draw text (a crop would cut it off) and differ from seed to seed', () => {
    for (const scene of SCENES) {
      for (const seed of [1, 2, 3]) expect(photoSvg(seed, scene)).not.toMatch(/<text|<tspan|font-/);
      expect(photoSvg(1, scene)).not.toBe(photoSvg(2, scene));
      expect(photoSvg(1, scene)).toBe(photoSvg(1, scene));
    }
  });

  it('are JPEGs with the tones of a photo rather than flat fills', async () => {
    const stats = await sharp(await drawPhoto(5, 'outdoors')).stats();
    // Grain, blur and light give a photo's spread of tones; a flat drawing has few.
    expect(stats.entropy).toBeGreaterThan(6);
    expect(stats.channels.every((channel) => channel.stdev > 15)).toBe(true);
  });
});
