import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../core/logger.ts';
import { createRequestLog, type RequestLine } from './request-log.ts';

function fakeLog() {
  const lines: { fields: Record<string, unknown>; msg: string }[] = [];
  const log = { info: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }) } as unknown as Logger;
  return { log, lines };
}

const request = (status = 200, durationMs = 2): RequestLine => ({ requestId: 'r', method: 'GET', path: '/', status, durationMs });

describe('createRequestLog', () => {
  afterEach(() => vi.useRealTimers());

  it('logs each request while they are few, and counts them by status past the lines a second, said once the second is over', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 1, 10, 0, 0, 200) });
    const { log, lines } = fakeLog();
    const requestLog = createRequestLog(log, { perSecond: 3 });
    for (const status of [200, 200, 304, 200, 404, 404, 304]) requestLog.line(request(status));
    expect(lines.map((line) => line.msg)).toEqual(['request', 'request', 'request']);
    vi.advanceTimersByTime(800);
    expect(lines).toHaveLength(4);
    expect(lines[3]!.msg).toBe('requests counted, not logged one by one (more than 3 a second)');
    expect(lines[3]!.fields).toMatchObject({ notLoggedOneByOne: 4, byStatus: { 200: 1, 404: 2, 304: 1 } });
    // A new second: one by one again.
    requestLog.line(request());
    expect(lines.at(-1)!.msg).toBe('request');
    vi.advanceTimersByTime(5000);
    expect(lines).toHaveLength(5);
  });

  it('counts failures and slow answers too, past the limit, with the slowest time (an overloaded server makes thousands)', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 1, 10, 0, 0, 0) });
    const { log, lines } = fakeLog();
    const requestLog = createRequestLog(log, { perSecond: 1 });
    for (const line of [request(500), request(503), request(503), request(200, 1500), request(499)]) requestLog.line(line);
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.fields.status)).toEqual([500]);
    requestLog.flush();
    expect(lines.at(-1)!.fields).toMatchObject({ notLoggedOneByOne: 4, byStatus: { 200: 1, 499: 1, 503: 2 }, slowestMs: 1500 });
    // Said once: nothing is left to say at stop.
    requestLog.flush();
    expect(lines).toHaveLength(2);
  });
});
