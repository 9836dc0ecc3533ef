import { describe, expect, it } from 'vitest';
import { findTextPicture, textPictureName, textPictureUrl } from './text-picture-urls.ts';

const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const webp = 'data:image/webp;base64,UklGRhYAAABXRUJQVlA4';

describe('pictures in the news text as files of their own', () => {
  it('are named by a hash of the picture, with the extension of its type', () => {
    expect(textPictureName(gif)).toMatch(/^[A-Za-z0-9_-]{22}\.gif$/);
    expect(textPictureName(webp)).toMatch(/^[A-Za-z0-9_-]{22}\.webp$/);
    expect(textPictureName(webp)).not.toBe(textPictureName(webp.replace('VlA4', 'VlA5')));
    expect(textPictureName('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(textPictureUrl('abc123', gif)).toBe(`/images/text/abc123/${textPictureName(gif)}`);
    expect(textPictureUrl('abc123', 'data:text/html,x')).toBe('data:text/html,x');
  });

  it('are found in the content by that name, and nothing else is', () => {
    const content = `<p>Hi</p><p><img src="${gif}" alt="a" /><img src="${webp}" width="1" height="1" /></p>`;
    expect(findTextPicture(content, textPictureName(webp)!)).toEqual({
      type: 'image/webp',
      bytes: Buffer.from('UklGRhYAAABXRUJQVlA4', 'base64'),
    });
    expect(findTextPicture(content, textPictureName(gif)!)?.type).toBe('image/gif');
    expect(findTextPicture(content, textPictureName(gif)!.replace('.gif', '.png'))).toBeNull();
    expect(findTextPicture(content, '../../etc/passwd')).toBeNull();
    expect(findTextPicture('<p>No pictures</p>', textPictureName(gif)!)).toBeNull();
  });
});
