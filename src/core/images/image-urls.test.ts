import { describe, expect, it } from 'vitest';
import { nearestWidth, sizedImageUrl, storedImageId, storedImageUrl, variantUrl } from './image-urls.ts';

describe('image URLs', () => {
  it('knows stored images from everything else', () => {
    expect(storedImageUrl('abc123')).toBe('/images/abc123');
    expect(storedImageId('/images/abc123')).toBe('abc123');
    expect(storedImageId('/images/remote/xyz')).toBeNull();
    expect(storedImageId('/images/abc123/320.webp')).toBeNull();
    expect(storedImageId('https://example.org/images/abc')).toBeNull();
    expect(storedImageId(null)).toBeNull();
  });

  it('picks the narrowest stored width at least as wide as wanted, else the widest', () => {
    expect(nearestWidth([320, 640, 800], 600)).toBe(640);
    expect(nearestWidth([320, 640, 800], 1200)).toBe(800);
    expect(nearestWidth([], 320)).toBeUndefined();
    expect(variantUrl('/images/a1', 640, 'avif')).toBe('/images/a1/640.avif');
    expect(sizedImageUrl('/images/a1', 300)).toBe('/images/a1/320.webp');
    expect(sizedImageUrl('https://example.org/a.jpg', 300)).toBe('https://example.org/a.jpg');
  });
});
