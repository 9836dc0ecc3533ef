import { describe, expect, it } from 'vitest';
import { loadSharp } from '../images/sharp.ts';
import { ValidationError } from '../shared/errors.ts';
import { TEXT_PICTURE_SIDE } from './news.schema.ts';
import { settleTextPictures } from './text-pictures.ts';

const sharp = await loadSharp();
const dataOf = (bytes: Buffer, type: string) => `data:image/${type};base64,${bytes.toString('base64')}`;
const picturesIn = (html: string) =>
  [...html.matchAll(/src="data:image\/([a-z-]+);base64,([^"]*)"/g)].map((m) => ({ type: m[1]!, bytes: Buffer.from(m[2]!, 'base64') }));

/** A phone photo: 3000 × 2000, stored on its side (EXIF orientation 6), with its maker's and GPS tags. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c0392b' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Artist: 'A parent' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('pictures in a news item’s text', () => {
  it('are drawn again without metadata, upright, at most 1024 px, as WebP, and then left as they are', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const html = `<p>Sports day</p><p><img src="${dataOf(photo, 'jpeg')}" alt="Races" /></p><p><img src="${dataOf(photo, 'jpeg')}" /></p>`;
    const settled = await settleTextPictures(html);
    const pictures = picturesIn(settled);
    expect(pictures).toHaveLength(2);
    expect(settled).toContain('<p>Sports day</p>');
    // With its size, so that the page keeps its place before the picture has loaded.
    expect(settled).toMatch(/ alt="Races" width="683" height="1024" \/><\/p>/);
    for (const { type, bytes } of pictures) {
      const meta = await sharp(bytes).metadata();
      expect(type).toBe('webp');
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', Math.round((TEXT_PICTURE_SIDE * 2) / 3), TEXT_PICTURE_SIDE]);
      expect([meta.exif, meta.xmp, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    }
    expect(settled.length).toBeLessThan(html.length / 5);
    // Saved again (each edit sends them back): not drawn a second time.
    expect(await settleTextPictures(settled)).toBe(settled);
  });

  it('keeps a small animation moving, and pictures sharp cannot read but the editor takes (BMP) as they are', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60, 1)]);
    const html = `<p><img src="${dataOf(gif, 'gif')}" /><img src="${dataOf(bmp, 'bmp')}" /></p>`;
    expect(await settleTextPictures(html)).toBe(
      `<p><img src="${dataOf(gif, 'gif')}" width="40" height="30" /><img src="${dataOf(bmp, 'bmp')}" /></p>`,
    );
    expect(await settleTextPictures('<p>No pictures</p>')).toBe('<p>No pictures</p>');
  });

  it('refuses a picture of more pixels than any upload may have, before drawing it', async () => {
    // 7100 × 7100 of one colour: a few kilobytes of PNG, 50.4 megapixels once decoded.
    const huge = await sharp({ create: { width: 7100, height: 7100, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const error = await settleTextPictures(`<p><img src="${dataOf(huge, 'png')}" /></p>`).catch((caught: unknown) => caught);
    expect((error as ValidationError).errors).toEqual({
      content: 'A picture in the text has too many pixels (at most 50 megapixels). Add a smaller copy.',
    });
  });

  it('refuses a damaged picture in words, under the content field', async () => {
    const photo = await phonePhoto();
    const cut = photo.subarray(0, 2000);
    const error = await settleTextPictures(`<p><img src="${dataOf(cut, 'jpeg')}"></p>`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({
      content: 'A picture in the text could not be read. Remove it and add it again, or add the photo as the news image instead.',
    });
  });
});
