import type http from 'node:http';
import type { Logger } from '../core/logger.ts';

/** How long the server must have answered nothing before it gives memory back. */
const IDLE_MS = 2_000;
/** Growth since the last relief (or the start) that is worth a full collection, about 50 ms of one core. */
const WORTH_BYTES = 32 * 1024 * 1024;
const MB = 1024 * 1024;

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * After a burst of renders, V8 keeps the pages its heap grew into for the next burst: 50 parallel
 * renders left 250–340 MB resident, and V8 gave back nothing while the server sat idle, because
 * only a memory-reducing collection empties that pool. Once the server has answered nothing for
 * two seconds and has grown by 32 MB, one such collection (node's `gc`, exposed by
 * `--expose-gc` in npm start) brings it back to about 190 MB: what the rest of a small host
 * (a backup, an upload's image processing) can use. It never runs while a request is in flight;
 * a request arriving during it waits some 50 ms. Without `--expose-gc` (npm run dev) it does
 * nothing (docs/decisions/012-memory.md).
 */
export function startMemoryRelief(
  server: http.Server,
  log: Logger,
  {
    collect = (globalThis as { gc?: Collect }).gc,
    resident = () => process.memoryUsage.rss(),
    idleMs = IDLE_MS,
    worthBytes = WORTH_BYTES,
    checkEveryMs = 1_000,
  }: { collect?: Collect; resident?: () => number; idleMs?: number; worthBytes?: number; checkEveryMs?: number } = {},
): () => void {
  if (!collect) return () => {};
  let inFlight = 0;
  let lastAnswered = 0;
  let answeredSinceCheck = false;
  let floor = resident();
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight++;
    answeredSinceCheck = true;
    res.once('close', () => {
      inFlight--;
      lastAnswered = performance.now();
    });
  });
  const timer = setInterval(() => {
    if (!answeredSinceCheck || inFlight > 0 || performance.now() - lastAnswered < idleMs) return;
    answeredSinceCheck = false;
    const before = resident();
    if (before - floor < worthBytes) return;
    const started = performance.now();
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const ms = Math.round(performance.now() - started);
    // The pages are returned as the collection finishes its sweeping: measured a moment later.
    setTimeout(() => {
      floor = resident();
      log.info({ beforeMb: Math.round(before / MB), afterMb: Math.round(floor / MB), ms }, 'memory given back after a burst');
    }, 500).unref();
  }, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
