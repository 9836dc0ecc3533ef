import { describe, expect, it } from 'vitest';
import { nearestWidth, remoteDrawnUrl, shareImage, sizedImageUrl, storedImageId, storedImageUrl, variantUrl } from './image-urls.ts';

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

  it('names the share copy of a stored image with the size it is drawn at, and the drawn files of a copy of an image given by URL', () => {
    expect(shareImage({ url: '/images/a1', width: 2400, height: 1601 })).toEqual({ url: '/images/a1/share.jpg', width: 1200, height: 801 });
    expect(shareImage({ url: '/images/a1', width: 500, height: 300 })).toEqual({ url: '/images/a1/share.jpg', width: 500, height: 300 });
    const signed = `/images/remote/${'ab'.repeat(20)}?u=https%3A%2F%2Fexample.org%2Fa.jpg`;
    expect(remoteDrawnUrl(signed)).toBe(`/images/remote/${'ab'.repeat(20)}/share.jpg?u=https%3A%2F%2Fexample.org%2Fa.jpg`);
    expect(remoteDrawnUrl(signed, 'touch-icon.png')).toBe(
      `/images/remote/${'ab'.repeat(20)}/touch-icon.png?u=https%3A%2F%2Fexample.org%2Fa.jpg`,
    );
    expect(remoteDrawnUrl('/images/a1')).toBeNull();
    expect(remoteDrawnUrl('/images/remote/abc?u=x')).toBeNull();
  });
});
