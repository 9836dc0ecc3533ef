// Part of npm run bench: serves the demo site from a temporary folder and prints, for every
// public page, the JavaScript it loads (gzip, islands included) and Lighthouse's mobile
// performance score and LCP, measured in Debian's Chromium without any network.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../tests/setup/start-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
const env = { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SITE_TIMEZONE: 'Europe/London' };

const demo = spawnSync(process.execPath, [path.join(root, 'scripts/demo.ts')], { env, encoding: 'utf8' });
if (demo.status !== 0) throw new Error(`npm run demo failed:\n${demo.stderr}`);

const server = await startServer(env);
const base = server.url;
// Also on a failure half-way: the server runs in its own process group and would outlive us.
process.on('exit', () => {
  void server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const firstNews = (await (await fetch(`${base}/api/news`)).json()) as { id: string }[];
const firstEvent = (await (await fetch(`${base}/api/events`)).json()) as { id: string }[];
const pages = [
  '/',
  '/news',
  '/events',
  '/gallery',
  '/who-we-are',
  '/what-we-do',
  `/news/${firstNews[0]!.id}`,
  `/events/${firstEvent[0]!.id}`,
];

/** Every script a page runs before any interaction: inline scripts, islands and their static imports. */
async function javascriptBytes(pagePath: string): Promise<{ gzip: number; files: number }> {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  let gzip = 0;
  for (const match of html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)) {
    if (match[1]!.trim()) gzip += gzipSync(match[1]!).length;
  }
  const queue = new Set<string>();
  // An island hydrated on demand (client:ondemand) loads nothing until it is used.
  const loaded = html.replace(/<astro-island\b[^>]*\bclient="ondemand"[^>]*>/g, '');
  for (const match of loaded.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g)) queue.add(match[1]!);
  const seen = new Set<string>();
  for (const url of queue) {
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await (await fetch(`${base}${url}`)).text();
    gzip += gzipSync(code).length;
    for (const imported of code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.add(new URL(imported[1]!, `${base}${url}`).pathname);
    }
  }
  return { gzip, files: seen.size };
}

const LIGHTHOUSE_RUNS = 3;
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const haveChrome = fs.existsSync(chromePath);
const chrome = haveChrome
  ? await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    })
  : null;

/** Lighthouse's median of LIGHTHOUSE_RUNS runs: score, LCP, total blocking time, and the machine's benchmark index. */
async function lighthouseMedian(url: string): Promise<{ score: string; lcp: string; tbt: string; benchmarkIndex: number } | null> {
  if (!chrome) return null;
  const runs: { score: number; lcp: number; tbt: number; benchmarkIndex: number }[] = [];
  // Lighthouse's own advice: single runs vary, report the median of several.
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    runs.push({
      score: (lhr?.categories.performance?.score ?? 0) * 100,
      lcp: (lhr?.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000,
      tbt: lhr?.audits['total-blocking-time']?.numericValue ?? 0,
      benchmarkIndex: lhr?.environment.benchmarkIndex ?? 0,
    });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    score: String(Math.round(median(runs.map((r) => r.score)))),
    lcp: `${median(runs.map((r) => r.lcp)).toFixed(2)} s`,
    tbt: `${Math.round(median(runs.map((r) => r.tbt)))} ms`,
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
  };
}

const row = (label: string, js: string, files: string, figures: Awaited<ReturnType<typeof lighthouseMedian>>) =>
  console.log(
    `  ${(label.length > 28 ? `${label.slice(0, 25)}...` : label).padEnd(28)} ${js.padStart(9)}  ${files.padStart(5)}  ${(figures?.score ?? 'n/a').padStart(11)}  ${(figures?.lcp ?? 'n/a').padEnd(6)}  ${(figures?.tbt ?? 'n/a').padStart(6)}`,
  );

console.log(`\nPublic pages (demo content; Lighthouse mobile, simulated slow 4G and 4x CPU slowdown; median of ${LIGHTHOUSE_RUNS} runs)`);
console.log('  page                         JS (gzip)  files  performance  LCP     TBT');
const benchmarkIndexes: number[] = [];
for (const pagePath of pages) {
  const js = await javascriptBytes(pagePath);
  const figures = await lighthouseMedian(`${base}${pagePath}`);
  if (figures) benchmarkIndexes.push(figures.benchmarkIndex);
  row(pagePath, `${(js.gzip / 1024).toFixed(1)} KB`, String(js.files), figures);
}
// References in the same run: the score moves with the machine (the 4x slowdown multiplies this
// machine's own task times), so the home page without its scripts and a page of plain text, served
// bare (without the site's headers), show what the machine alone allows, and what the page's
// scripts and headers cost on it (the opener policy did: docs/decisions/124).
const reference = await referenceServer(base);
row('reference: / without script', '0.0 KB', '0', await lighthouseMedian(`${reference.url}/home-without-scripts`));
row('reference: plain text page', '0.0 KB', '0', await lighthouseMedian(`${reference.url}/plain`));
reference.close();
if (benchmarkIndexes.length) {
  const sorted = benchmarkIndexes.sort((a, b) => a - b);
  console.log(
    `  Lighthouse's benchmark index of this machine: ${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)} (higher is quicker)`,
  );
}
console.log('  targets: at most 80 KB of JavaScript, performance 100, LCP under 1.0 s (TBT above 200 ms costs points)');
if (!chrome) console.log(`  (Lighthouse skipped: no Chromium at ${chromePath}; install Debian's package "chromium")`);
chrome?.kill();
await server.stop();

/**
 * A server on 127.0.0.1 for the references: the home page's HTML with every script taken out, a
 * page of plain text, and everything else (images, icons) fetched from the site.
 */
async function referenceServer(site: string): Promise<{ url: string; close: () => void }> {
  const home = (await (await fetch(`${site}/`)).text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const plain = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Plain</title></head><body><h1>Plain text</h1><p>${'A sentence of plain text. '.repeat(120)}</p></body></html>`;
  const pages: Record<string, string> = { '/home-without-scripts': home, '/plain': plain };
  const server = http.createServer((request, response) => {
    const page = pages[request.url ?? ''];
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    fetch(`${site}${request.url}`)
      .then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
