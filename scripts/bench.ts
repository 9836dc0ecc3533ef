// npm run bench: prints speed and size figures. Targets are read by people, never asserted by tests.
import sharp from 'sharp';
import { processImage } from '../src/core/images/pipeline.ts';

/** A 12-megapixel photo-like JPEG: smooth gradients with sensor-like noise, as phones produce. */
async function twelveMegapixelPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = (Math.random() - 0.5) * 24;
      raw[i] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + noise));
      raw[i + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + noise));
      raw[i + 2] = Math.max(0, Math.min(255, 120 + Math.sin(x / 90) * 60 + Math.cos(y / 70) * 40 + noise));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 1 })
    .toBuffer();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const photo = await twelveMegapixelPhoto();
console.log(`Image pipeline: 12 MP JPEG (4000×3000, ${kb(photo.length)}) on ${(await import('node:os')).availableParallelism()} cores`);

// Warm-up so that library loading is not counted.
await processImage(
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer(),
);

const runs = 3;
const times: number[] = [];
let result: Awaited<ReturnType<typeof processImage>> | undefined;
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  result = await processImage(photo);
  times.push(performance.now() - started);
}
const processed = result!;
console.log(
  `  whole upload (master + ${processed.variants.length} variants): median ${Math.round(times.sort((a, b) => a - b)[1]!)} ms of ${runs} runs (target ≈ 1500 ms)`,
);
console.log(`  master: ${processed.width}×${processed.height} WebP, ${kb(processed.master.length)}; placeholder ${processed.placeholder}`);
console.log('  variant        bytes      encode alone');
for (const variant of processed.variants.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format))) {
  const started = performance.now();
  const pipeline = sharp(processed.master).resize({ width: variant.width });
  await (variant.format === 'avif' ? pipeline.avif({ quality: 50, effort: 1 }) : pipeline.webp({ quality: 75, effort: 2 })).toBuffer();
  const ms = performance.now() - started;
  const label = `${variant.width} ${variant.format}`.padEnd(13);
  const note = variant.width === 1280 && variant.format === 'webp' ? `  (target < 250 KB)` : '';
  console.log(`  ${label}  ${kb(variant.data.length).padStart(9)}  ${String(Math.round(ms)).padStart(6)} ms${note}`);
}
await import('./bench-pages.ts');
await import('./bench-stress.ts');
await import('./bench-http.ts');
// Every part stops its servers; leftover handles (keep-alive sockets) must not keep the bench alive.
process.exit(0);
