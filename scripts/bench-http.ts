// Part of npm run bench: HTTP figures for the public pages, each printed beside a reference
// measured in the same run (these machines are noisy): a plain Node server answering the same
// bytes from memory, and nginx serving a saved copy when the machine has it. Printed, never
// asserted (docs/decisions/011-page-cache.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { brotliCompressSync, constants } from 'node:zlib';
import sharp from 'sharp';
import { startServer, type RunningServer } from '../tests/setup/start-server.ts';
import { BASELINE_COMMIT, startBaseline } from './bench-baseline.ts';
import { fillSite, LARGE_SITE, SMALL_SITE } from './bench-large-site.ts';

const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const SECONDS = 8;
const folders: string[] = [];
const servers: RunningServer[] = [];
process.on('exit', () => {
  for (const server of servers) void server.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function site(env: Record<string, string>, fill: 'demo' | 'large' | 'small'): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-http-'));
  folders.push(dataDir);
  const base = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SITE_TIMEZONE: 'Europe/London', ...env };
  if (fill === 'demo') {
    const demo = spawnSync(process.execPath, [path.join(root, 'scripts/demo.ts')], { env: base, encoding: 'utf8' });
    if (demo.status !== 0) throw new Error(`npm run demo failed:\n${demo.stderr}`);
  }
  if (fill !== 'demo') await fillSite(dataDir, fill === 'large' ? LARGE_SITE : SMALL_SITE);
  const server = await startServer(base);
  servers.push(server);
  return server;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** As a browser asks (brotli or gzip), or as the issue measured with wrk, which asks for no encoding. */
type Encoding = 'br, gzip' | 'identity';

async function load(
  url: string,
  options: { seconds?: number; amount?: number; randomPaths?: boolean; encoding?: Encoding } = {},
): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? SECONDS }),
    headers: { 'accept-encoding': options.encoding ?? 'br, gzip' },
    ...(options.randomPaths && {
      requests: [
        { setupRequest: (request: autocannon.Request) => ({ ...request, path: `/no-such-page-${Math.random().toString(36).slice(2)}` }) },
      ],
    }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const show = (label: string, figure: Load, note = '') =>
  console.log(
    `  ${label.padEnd(40)} ${String(Math.round(figure.rps)).padStart(7)} req/s   p50 ${figure.p50.toFixed(1).padStart(6)} ms   p99 ${figure.p99.toFixed(1).padStart(6)} ms   errors ${figure.errors}${note}`,
  );

function residentMb(server: RunningServer): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A server that answers one fixed answer from memory: the ceiling for this machine and Node. */
async function reference(body: Buffer, headers: Record<string, string>): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': body.byteLength });
    res.end(body);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

console.log(`HTTP: autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, ${os.availableParallelism()} cores, same run`);

// 1. GET / from the cache, beside a plain server answering the same bytes.
const password = 'bench-password-long-enough';
const cached = await site({ ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: password }, 'demo');
const idleMb = residentMb(cached);
const sample = await fetch(`${cached.url}/`, { headers: { 'accept-encoding': 'br' } });
const bytes = Buffer.from(await sample.arrayBuffer());
const ref = await reference(zlibBrotli(bytes), { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' });
const refLoad = await load(ref.url);
const cacheLoad = await load(`${cached.url}/`);
ref.close();
show('reference (plain Node, same bytes)', refLoad);
show(
  'GET / from the page cache',
  cacheLoad,
  `   ${((cacheLoad.rps / refLoad.rps) * 100).toFixed(0)} % of reference (target ≥ 70 %, p99 ≤ 20 ms, 0 errors)`,
);
// A first-time visitor fetches every island's script: the largest, as the build compressed it,
// beside the plain server answering the same bytes.
const script = [...(await (await fetch(`${cached.url}/`)).text()).matchAll(/\/_astro\/[\w.-]+\.js/g)]
  .map(([src]) => src)
  .sort((a, b) => fs.statSync(path.join(root, 'dist/client', b)).size - fs.statSync(path.join(root, 'dist/client', a)).size)[0];
if (script) {
  // fetch hands back the script decoded.
  const plain = Buffer.from(await (await fetch(`${cached.url}${script}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer());
  const scriptRef = await reference(zlibBrotli(plain), { 'content-type': 'text/javascript; charset=utf-8', 'content-encoding': 'br' });
  const scriptRefLoad = await load(scriptRef.url);
  const scriptLoad = await load(`${cached.url}${script}`);
  scriptRef.close();
  show(`reference, ${script.replace(/\.[\w-]+\.js$/, '.js')} (${Math.round(plain.byteLength / 1024)} KB plain)`, scriptRefLoad);
  show(
    '  the same script from the site',
    scriptLoad,
    `   ${((scriptLoad.rps / scriptRefLoad.rps) * 100).toFixed(0)} % of reference; brotli made at build`,
  );
}
// Most of a burst's requests are for photos (each page shows several): one, beside the plain
// server answering its bytes. The page cache keeps stored photos too (decision 148); before, each
// went through Astro and asked the database whether it was withdrawn (053), at 9–17 % of this.
const photo = ((await (await fetch(`${cached.url}/api/gallery`)).json()) as { imageUrl: string }[])[0]?.imageUrl;
if (photo) {
  const photoUrl = `${photo}/640.webp`;
  const photoBytes = Buffer.from(await (await fetch(`${cached.url}${photoUrl}`)).arrayBuffer());
  const photoRef = await reference(photoBytes, { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' });
  const photoRefLoad = await load(photoRef.url);
  const photoLoad = await load(`${cached.url}${photoUrl}`);
  photoRef.close();
  show(`reference, a photo (${Math.round(photoBytes.byteLength / 1024)} KB)`, photoRefLoad);
  show('  the same photo from the site', photoLoad, `   ${((photoLoad.rps / photoRefLoad.rps) * 100).toFixed(0)} % of reference`);
}
const nginx = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
console.log(
  nginx ? `  (nginx found at ${nginx}; not compared by this script yet)` : '  (no nginx on this machine: plain Node is the reference)',
);

// 2. Cache misses: the same page rendered for every request, beside the site as it was before
// this work (the "today": no page cache, React's development build), in the same run.
const uncached = await site({ PAGE_CACHE_MB: '0' }, 'demo');
const baselineData = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-baseline-data-'));
folders.push(baselineData);
const baseline = await startBaseline(baselineData);
if (baseline) servers.push(baseline);
// Its memory is read right after each of its own loads: the baseline's loads that follow leave
// it quiet long enough to give memory back (src/server/memory-relief.ts).
let uncachedAfterLoadMb = 0;
for (const encoding of ['br, gzip', 'identity'] as const) {
  await load(`${uncached.url}/`, { seconds: 2, encoding });
  const miss = await load(`${uncached.url}/`, { encoding });
  uncachedAfterLoadMb = Math.max(uncachedAfterLoadMb, residentMb(uncached));
  show(
    encoding === 'identity' ? '  the same, no encoding asked' : 'GET / rendered every time (cache off)',
    miss,
    encoding === 'identity' ? '   as the issue measured with wrk' : '   brotli, as browsers ask',
  );
  if (!baseline) continue;
  await load(`${baseline.url}/`, { seconds: 2, encoding });
  const before = await load(`${baseline.url}/`, { encoding });
  show(`  ${BASELINE_COMMIT}, before the page cache`, before, `   this run: ${(miss.rps / before.rps).toFixed(2)} × of it (target ≥ 4 ×)`);
}
void baseline?.stop();
// Once quiet for two seconds the server gives back what the burst left (src/server/memory-relief.ts).
const QUIET_MS = 4_000;
await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
const uncachedQuietMb = residentMb(uncached);

// 3. Lists with years of content, rendered (cache off), beside the same lists with a few items.
const small = await site({ PAGE_CACHE_MB: '0' }, 'small');
const large = await site({ PAGE_CACHE_MB: '0' }, 'large');
console.log(
  `  lists rendered every time: ${SMALL_SITE.news} of each kind → ${LARGE_SITE.news.toLocaleString('en')} news, ${LARGE_SITE.events.toLocaleString('en')} events, ${LARGE_SITE.photos.toLocaleString('en')} photos (target p50 ≤ 1.5 ×):`,
);
// A list page shows at most a page of items: 10 on the small site, 12 or 24 on the large one. The
// last column divides that out, so that it shows what the total count alone costs.
const PAGE_ITEMS: Record<string, [number, number]> = {
  '/news': [Math.min(SMALL_SITE.news, 12), 12],
  '/events': [Math.min(SMALL_SITE.events, 12), 12],
  '/gallery': [Math.min(SMALL_SITE.photos, 24), 24],
};
// The large site's sitemap is an index of files of 1,000 URLs; the small site's /sitemap.xml is
// its one file, the thing to compare the large site's first file with.
const SMALL_SITE_PATH: Record<string, string> = { '/sitemaps/1.xml': '/sitemap.xml' };
// Each server renders the page for a second first, so that neither side is measured while the
// JIT warms up. The lists are measured twice: with brotli, as browsers ask, and with no encoding
// (the render alone, as the issue measured): compressing a page costs about as much as rendering
// it, and the large site's pages are a fifth longer.
for (const pathname of ['/news', '/events', '/gallery', '/sitemap.xml', '/sitemaps/1.xml', '/rss.xml', '/events.ics']) {
  const fewUrl = `${small.url}${SMALL_SITE_PATH[pathname] ?? pathname}`;
  const manyUrl = `${large.url}${pathname}`;
  await load(fewUrl, { seconds: 1 });
  await load(manyUrl, { seconds: 1 });
  const items = PAGE_ITEMS[pathname];
  for (const encoding of items ? (['br, gzip', 'identity'] as const) : (['br, gzip'] as const)) {
    const few = await load(fewUrl, { seconds: 3, encoding });
    const many = await load(manyUrl, { seconds: 3, encoding });
    const ratio = many.p50 / Math.max(few.p50, 0.1);
    const perItem = items ? `; ${items[0]} → ${items[1]} items shown, ${((ratio * items[0]) / items[1]).toFixed(2)} × per item` : '';
    const label = encoding === 'identity' ? '  no encoding' : pathname;
    console.log(
      `    ${label.padEnd(14)} p50 ${few.p50.toFixed(1).padStart(6)} ms → ${many.p50.toFixed(1).padStart(6)} ms (${ratio.toFixed(2)} ×${perItem}), ${Math.round(few.rps)} → ${Math.round(many.rps)} req/s`,
    );
  }
  if (items) {
    // At 50 connections p50 is mostly the queue (and the garbage collector's share of it); one
    // request at a time shows what a page costs to render.
    const few = await oneAtATime(fewUrl);
    const many = await oneAtATime(manyUrl);
    console.log(
      `      one at a time p50 ${few.toFixed(2).padStart(6)} ms → ${many.toFixed(2).padStart(6)} ms (${(many / few).toFixed(2)} ×), brotli`,
    );
  }
}

/** The median time of 300 requests sent one after another (after 50 unmeasured), brotli asked. */
async function oneAtATime(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 350; i++) {
    const started = performance.now();
    await (await fetch(url, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
    if (i >= 50) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[times.length >> 1]!;
}

// 4. Memory: idle, after the loads above, after 100,000 random URLs, after 20 uploads.
console.log('  resident memory of the cached server (target ≤ 120 MB idle, ≤ 200 MB after load):');
console.log(`    idle after start            ${idleMb.toFixed(0).padStart(5)} MB`);
console.log(`    after the GET / load        ${residentMb(cached).toFixed(0).padStart(5)} MB`);
console.log(
  `    (the server with the cache off, right after its GET / loads: up to ${uncachedAfterLoadMb.toFixed(0)} MB; quiet since: ${uncachedQuietMb.toFixed(0)} MB)`,
);
const beforeRandom = residentMb(cached);
const random = await load(cached.url, { amount: Number(process.env.BENCH_RANDOM_URLS ?? 100_000), randomPaths: true });
const afterRandom = residentMb(cached);
// Right after the burst the figure holds garbage and allocator arenas any load of 50 connections
// leaves (the server hands them back once quiet, src/server/memory-relief.ts); what the random
// URLs kept shows a few seconds later.
await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
const settledRandom = residentMb(cached);
const signed = (mb: number) => (mb >= 0 ? '+' : '') + mb.toFixed(0);
console.log(
  `    after ${Number(process.env.BENCH_RANDOM_URLS ?? 100_000).toLocaleString('en')} random URLs  ${afterRandom.toFixed(0).padStart(5)} MB (${signed(afterRandom - beforeRandom)} MB at once, ${signed(settledRandom - beforeRandom)} MB ${QUIET_MS / 1000} s later; target within 50 MB; ${Math.round(random.rps)} req/s of 404s)`,
);
const uploader = cached.url;
const token = await signIn(uploader, password).catch(() => null);
if (token) {
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3b82f6' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  for (let i = 0; i < 20; i++) {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    await fetch(`${uploader}/api/admin/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  }
  const afterUploads = residentMb(cached);
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  console.log(
    `    after 20 photo uploads      ${afterUploads.toFixed(0).padStart(5)} MB (${residentMb(cached).toFixed(0)} MB ${QUIET_MS / 1000} s later)`,
  );
}

/** The page as the site sends it to a browser (fetch has decoded it): brotli-compressed. */
function zlibBrotli(body: Buffer): Buffer {
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
}

async function signIn(base: string, pass: string): Promise<string> {
  const answer = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: pass }),
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
}

for (const server of servers.splice(0)) await server.stop();
