import type sharpType from 'sharp';

type Sharp = typeof sharpType;
let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded with the first image processed rather than at start: libvips adds about 20 MB
 * to the resident memory of a server that may go days without an upload (docs/decisions/012).
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Encoding is the heaviest work this server does: each image on one libvips thread
    // (src/core/images/pipeline.ts queues them one at a time).
    sharp.concurrency(1);
    // libvips' operation cache speeds up repeating one operation on one image, which uploads
    // never do; kept, it holds decoded pixels of past uploads (hundreds of MB after a burst).
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
