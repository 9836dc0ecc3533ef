// Run by heic.ts as a Node process of its own, one per photo: reads a HEIC file on stdin and
// writes its first image's width and height (two 32-bit numbers, big-endian) and then its pixels
// as RGBA, no wider or taller than MAX_IMAGE_SIDE, on stdout. Exits with 3 when the image has more
// pixels than the argument allows (before decoding them), 2 when it cannot be read. The decoder
// (libheif compiled to WebAssembly) keeps its memory until the process ends, so it ends.
import decode from 'heic-decode';
import sharp from 'sharp';
import { MAX_IMAGE_SIDE } from './upload-limits.ts';

const maxPixels = Number(process.argv[2]);
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);

try {
  const images = await decode.all({ buffer: Buffer.concat(chunks) });
  const first = images[0];
  if (!first) throw new Error('no image in the file');
  if (first.width * first.height > maxPixels) {
    process.exitCode = 3;
  } else {
    const { width, height, data } = await first.decode();
    images.dispose();
    sharp.concurrency(1);
    const { data: pixels, info } = await sharp(data, { raw: { width, height, channels: 4 } })
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const header = Buffer.alloc(8);
    header.writeUInt32BE(info.width, 0);
    header.writeUInt32BE(info.height, 4);
    process.stdout.write(header);
    process.stdout.write(pixels);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
