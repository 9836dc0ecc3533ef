import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiskSpace } from './disk/disk-space.schema.ts';
import { createLogger, type Logger } from './logger.ts';
import { AUTOMATIC_IMAGE_GC_GRACE_MS, startMaintenance } from './maintenance.ts';

const HOUR = 60 * 60_000;

function fakeApp() {
  const calls = { sessions: 0, keys: 0, trash: 0, activity: 0, removedAdmins: 0, released: 0, disk: 0, room: 0, gc: [] as number[] };
  let gcFails = false;
  const disks: DiskSpace[] = [{ holds: ['the database', 'photos'], freeBytes: 5e9, totalBytes: 2e10, low: false }];
  const app = {
    auth: { prune: () => Promise.resolve(void calls.sessions++) },
    idempotency: { prune: () => Promise.resolve(void calls.keys++) },
    activity: { prune: () => Promise.resolve((calls.activity++, 0)) },
    trash: { purgeExpired: () => Promise.resolve((calls.trash++, 0)) },
    admins: { forgetRemoved: () => Promise.resolve((calls.removedAdmins++, 0)) },
    disk: { check: () => Promise.resolve((calls.disk++, disks)) },
    giveBackRoom: () => Promise.resolve((calls.room++, 0)),
    images: {
      sweepReleased: () => Promise.resolve((calls.released++, [])),
      collectGarbage: (graceMs: number) => {
        calls.gc.push(graceMs);
        return gcFails ? Promise.reject(new Error('bucket unreachable')) : Promise.resolve({ removedImages: [], removedFiles: [] });
      },
    },
  };
  return { app: app as unknown as Parameters<typeof startMaintenance>[0], calls, disks, failGc: (fails: boolean) => (gcFails = fails) };
}

describe('startMaintenance', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prunes at start and hourly, and collects unused images at start and then daily', async () => {
    const { app, calls } = fakeApp();
    const stop = startMaintenance(app, createLogger('silent'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual({
      sessions: 1,
      keys: 1,
      trash: 1,
      activity: 1,
      removedAdmins: 1,
      released: 1,
      disk: 1,
      room: 1,
      gc: [AUTOMATIC_IMAGE_GC_GRACE_MS],
    });
    await vi.advanceTimersByTimeAsync(23 * HOUR);
    expect(calls.sessions).toBe(24);
    expect(calls.trash).toBe(24);
    expect(calls.activity).toBe(24);
    expect(calls.removedAdmins).toBe(24);
    expect(calls.released).toBe(24);
    expect(calls.room).toBe(24);
    expect(calls.gc).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(calls.gc).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(calls.sessions).toBe(25);
    expect(calls.gc).toHaveLength(2);
  });

  it('says in the log, each hour, when a disk is nearly full', async () => {
    const { app, disks } = fakeApp();
    const warn = vi.fn();
    const log = { warn, info: vi.fn() } as unknown as Logger;
    const stop = startMaintenance(app, log);
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).not.toHaveBeenCalled();
    disks.push({ holds: ['backups'], freeBytes: 4e8, totalBytes: 1e10, low: true });
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith({ holds: ['backups'], freeBytes: 4e8, totalBytes: 1e10 }, 'the disk is nearly full');
    stop();
  });

  it('tries a failed collection again at the next hour, not a day later', async () => {
    const { app, calls, failGc } = fakeApp();
    failGc(true);
    const stop = startMaintenance(app, createLogger('silent'));
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(calls.gc).toHaveLength(2);
    failGc(false);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(calls.gc).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(5 * HOUR);
    expect(calls.gc).toHaveLength(3);
    stop();
  });

  it('does not start a collection beside one still running', async () => {
    const { app, calls } = fakeApp();
    let finish: () => void = () => {};
    app.images.collectGarbage = (graceMs: number) => {
      calls.gc.push(graceMs);
      return new Promise((resolve) => (finish = () => resolve({ removedImages: [], removedFiles: [] })));
    };
    const stop = startMaintenance(app, createLogger('silent'));
    await vi.advanceTimersByTimeAsync(30 * HOUR);
    expect(calls.gc).toHaveLength(1);
    finish();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(calls.gc).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(calls.gc).toHaveLength(2);
    stop();
  });
});
