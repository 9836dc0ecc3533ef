import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../core/logger.ts';
import { startMemoryRelief } from './memory-relief.ts';

const MB = 1024 * 1024;
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A server whose answers take `holdMs`, with relief checking every 20 ms after 300 ms of quiet;
 * `growTo`: the process grows when a request arrives (not before: on a busy machine the request
 * may arrive after a quiet period, and the growth would be collected before it).
 */
async function serverWithRelief(holdMs: number, rss: { now: number }, growTo?: number) {
  const server = http.createServer((_req, res) => {
    if (growTo !== undefined) rss.now = growTo;
    setTimeout(() => res.end('ok'), holdMs);
  });
  const collections: number[] = [];
  const stop = startMemoryRelief(server, createLogger('silent'), {
    collect: () => {
      collections.push(performance.now());
      rss.now = 100 * MB;
    },
    resident: () => rss.now,
    idleMs: 300,
    worthBytes: 32 * MB,
    checkEveryMs: 20,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(stop, () => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, collections };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('memory relief', () => {
  it('collects once after a burst that grew the process, when the server has been quiet', async () => {
    const rss = { now: 100 * MB };
    const { url, collections } = await serverWithRelief(0, rss);
    rss.now = 250 * MB;
    await Promise.all(Array.from({ length: 20 }, () => fetch(url).then((response) => response.text())));
    expect(collections).toHaveLength(0);
    await sleep(700);
    expect(collections).toHaveLength(1);
    // Quiet again with nothing answered since: no second collection.
    await sleep(400);
    expect(collections).toHaveLength(1);
  });

  it('never collects while a request is in flight', async () => {
    const rss = { now: 100 * MB };
    const { url, collections } = await serverWithRelief(1_000, rss, 250 * MB);
    const answered = fetch(url).then(async (response) => ({ at: performance.now(), body: await response.text() }));
    await sleep(700);
    expect(collections).toHaveLength(0);
    const { at } = await answered;
    await sleep(700);
    expect(collections).toHaveLength(1);
    expect(collections[0]! - at).toBeGreaterThanOrEqual(280);
  });

  it('leaves a process that has not grown by the threshold alone', async () => {
    const rss = { now: 100 * MB };
    const { url, collections } = await serverWithRelief(0, rss);
    rss.now = 120 * MB;
    await (await fetch(url)).text();
    await sleep(700);
    expect(collections).toHaveLength(0);
  });
});
