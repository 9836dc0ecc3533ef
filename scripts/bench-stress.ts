// Part of npm run bench: how fast visitors' pages stay while the server is busy with the work
// an attacker or a busy volunteer can cause. `GET /` is timed idle and, in the same run, during
// a flood of sign-ins and during a burst of photo uploads (docs/decisions/010). Printed, never asserted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startServer } from '../tests/setup/start-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-stress-'));
const password = 'bench-password-long-enough';
const server = await startServer({
  PATH: process.env.PATH,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: password,
  TRUST_PROXY: 'true',
});
process.on('exit', () => {
  void server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const base = server.url;

async function timeHome(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await fetch(`${base}/`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const line = (label: string, sorted: number[]) =>
  console.log(`  ${label.padEnd(44)} p50 ${at(sorted, 0.5).toFixed(1).padStart(7)} ms   p95 ${at(sorted, 0.95).toFixed(1).padStart(7)} ms`);

await timeHome(20); // warm-up
console.log('Pages under load: GET / timed one request after another (2 cores, same run)');
line('idle', await timeHome(40));

const flood = Array.from({ length: 40 }, (_, i) =>
  fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.0.${i}` },
    body: JSON.stringify({ username: `nobody${i}`, password: 'wrong' }),
  }).then((r) => r.status),
);
line('during 40 parallel sign-ins (unknown names)', await timeHome(40));
const floodStatuses = await Promise.all(flood);
console.log(
  `    sign-in answers: ${[...new Set(floodStatuses)].map((s) => `${s} × ${floodStatuses.filter((x) => x === s).length}`).join(', ')}`,
);

const login = (await (
  await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password }),
  })
).json()) as { token: string };
const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3b82f6' } })
  .composite([{ input: Buffer.from('<svg width="3000" height="2000"><circle cx="1500" cy="1000" r="800" fill="#f59e0b"/></svg>') }])
  .jpeg({ quality: 90 })
  .toBuffer();
const uploads = Array.from({ length: 10 }, async () => {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await fetch(`${base}/api/admin/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${login.token}` },
  });
  return answer.status;
});
line('during 10 parallel 6 MP uploads', await timeHome(40));
const uploadStatuses = await Promise.all(uploads);
console.log(
  `    upload answers: ${[...new Set(uploadStatuses)].map((s) => `${s} × ${uploadStatuses.filter((x) => x === s).length}`).join(', ')}`,
);

await server.stop();
