// Part of npm run bench: serves the demo site from a temporary folder and prints, for every
// public page, the JavaScript it loads (gzip, islands included) and Lighthouse's mobile
// performance score and LCP, measured in Debian's Chromium without any network.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
  for (const match of html.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g)) queue.add(match[1]!);
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

console.log(`\nPublic pages (demo content; Lighthouse mobile, simulated slow 4G and 4x CPU slowdown; median of ${LIGHTHOUSE_RUNS} runs)`);
console.log('  page                         JS (gzip)  files  performance  LCP');
for (const pagePath of pages) {
  const js = await javascriptBytes(pagePath);
  let score = 'n/a';
  let lcp = 'n/a';
  if (chrome) {
    // Lighthouse's own advice: single runs vary, report the median of several.
    const runs: { score: number; lcp: number }[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      const result = await lighthouse(`${base}${pagePath}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      runs.push({
        score: (lhr?.categories.performance?.score ?? 0) * 100,
        lcp: (lhr?.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000,
      });
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    score = String(Math.round(median(runs.map((r) => r.score))));
    lcp = `${median(runs.map((r) => r.lcp)).toFixed(2)} s`;
  }
  const label = (pagePath.length > 28 ? `${pagePath.slice(0, 25)}...` : pagePath).padEnd(28);
  console.log(
    `  ${label} ${`${(js.gzip / 1024).toFixed(1)} KB`.padStart(9)}  ${String(js.files).padStart(5)}  ${score.padStart(11)}  ${lcp}`,
  );
}
console.log('  targets: at most 80 KB of JavaScript, performance 100, LCP under 1.0 s');
if (!chrome) console.log(`  (Lighthouse skipped: no Chromium at ${chromePath}; install Debian's package "chromium")`);
chrome?.kill();
await server.stop();
