import { describe, expect, it } from 'vitest';
import { publicImageSrc } from './views.ts';

describe('publicImageSrc', () => {
  const app = { remoteImages: { pathFor: (url: string) => `/images/remote/sig?u=${encodeURIComponent(url)}` } };

  it('keeps this site’s images and routes external ones through the local copy', () => {
    expect(publicImageSrc(app, '/images/abc123')).toBe('/images/abc123');
    expect(publicImageSrc(app, 'https://cdn.example/logo.png')).toBe('/images/remote/sig?u=https%3A%2F%2Fcdn.example%2Flogo.png');
  });
});
