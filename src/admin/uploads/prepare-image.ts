import { MAX_IMAGE_SIDE, type UploadLimit } from '../../core/images/upload-limits.ts';

export type Prepared = { ok: true; file: Blob; resized: boolean } | { ok: false; title: string; description: string };

/**
 * Checks a chosen photo before anything is sent. A photo over the size limit or over 2400 px is
 * redrawn smaller as a JPEG, so a 12 MB phone photo simply works; the server still enforces its
 * limits. A file the browser cannot decode keeps its original and meets the spec's messages.
 */
export async function prepareImage(file: File, limits: UploadLimit): Promise<Prepared> {
  // A phone's HEIC photo may come with no type at all (Windows without the HEIF extension).
  if (!file.type.startsWith('image/') && !/\.hei[cf]$/i.test(file.name)) {
    return { ok: false, title: 'Invalid file', description: 'Please upload an image file (jpg, jpeg, png, gif)' };
  }
  const isAnimated = file.type === 'image/gif';
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);
  const tooBig = file.size > limits.maxBytes;
  const tooWide = bitmap ? Math.max(bitmap.width, bitmap.height) > MAX_IMAGE_SIDE : false;
  // GIFs are kept whole (and animated) unless they are over the byte limit.
  if (!bitmap || (!tooBig && (!tooWide || isAnimated))) {
    bitmap?.close();
    if (tooBig) return { ok: false, title: 'File too large', description: limits.tooLarge };
    return { ok: true, file, resized: false };
  }
  const canvas = drawAtMost(bitmap, MAX_IMAGE_SIDE);
  for (const quality of [0.88, 0.8, 0.7, 0.6]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= limits.maxBytes) return { ok: true, file: blob, resized: true };
  }
  return { ok: false, title: 'File too large', description: limits.tooLarge };
}

/** The picture drawn on a canvas at most `side` px on its longer side, never larger; the bitmap is closed. */
export function drawAtMost(bitmap: ImageBitmap, side: number): HTMLCanvasElement {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}
