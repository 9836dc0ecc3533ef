import { describe, expect, it } from 'vitest';
import { galleryPageOf, GALLERY_PAGE_SIZE, photoIdIn, photoIdOfFragment, photoPath, withPhoto } from './photo-address.ts';

describe('a photo address', () => {
  it('names one photo by an id of the site, and nothing else', () => {
    expect(photoIdIn(new URLSearchParams('photo=abc123'))).toBe('abc123');
    expect(photoIdIn(new URLSearchParams('page=2&photo=abc123&utm_source=x'))).toBe('abc123');
    for (const query of [
      '',
      'photo=',
      'photo=ABC123',
      'photo=abc123&photo=def456',
      'photo=abc%00',
      'photo=abc%0A',
      'photo=abc-123',
      'photo=%C3%A9t%C3%A9',
      'photo=..%2F..%2Fetc',
      `photo=${'a'.repeat(65)}`,
      'Photo=abc123',
    ]) {
      expect(photoIdIn(new URLSearchParams(query)), query).toBeNull();
    }
  });

  it('puts a photo on the page its position gives', () => {
    expect(galleryPageOf(0)).toBe(1);
    expect(galleryPageOf(GALLERY_PAGE_SIZE - 1)).toBe(1);
    expect(galleryPageOf(GALLERY_PAGE_SIZE)).toBe(2);
    expect(photoPath('abc', 1)).toBe('/gallery?photo=abc');
    expect(photoPath('abc', 3)).toBe('/gallery?page=3&photo=abc');
  });

  it('writes the address bar with and without a photo, keeping the page and leaving any fragment', () => {
    const at = (address: string) => new URL(address, 'https://club.example');
    expect(withPhoto(at('/gallery?page=2'), 'abc')).toBe('/gallery?page=2&photo=abc');
    expect(withPhoto(at('/gallery?page=2&photo=abc'), 'def')).toBe('/gallery?page=2&photo=def');
    expect(withPhoto(at('/gallery?page=2&photo=abc#photo-abc'), null)).toBe('/gallery?page=2');
    expect(withPhoto(at('/gallery?photo=abc'), null)).toBe('/gallery');
  });

  it('reads the fragment addresses shared before 112', () => {
    expect(photoIdOfFragment('#photo-abc123')).toBe('abc123');
    for (const hash of ['', '#', '#photo-', '#photo-ABC', '#photo-abc/def', '#main', `#photo-${'a'.repeat(65)}`]) {
      expect(photoIdOfFragment(hash), hash).toBeNull();
    }
  });
});
