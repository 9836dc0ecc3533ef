import type { APIContext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../core/context.ts';
import { deviceOf, noteActivity, recordNotedActivity } from './activity.ts';

function fakeRequest(record: AppContext['activity']['record']) {
  const error = vi.fn();
  const app = { activity: { record }, config: { trustProxy: false }, log: { error } } as unknown as AppContext;
  const context = {
    locals: { requestId: 'req-1', auth: { admin: { id: 'a1', username: 'alice', tokenHash: 'x' } } },
    request: new Request('http://localhost/api/admin/news', {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    }),
    clientAddress: '198.51.100.4',
  } as unknown as APIContext;
  return { app, context, error };
}

describe('recordNotedActivity', () => {
  it('records the noted line once, with the signed-in administrator, address and device', async () => {
    const record = vi.fn(() => Promise.resolve());
    const { app, context } = fakeRequest(record);
    noteActivity(context, { action: 'deleted', subject: { kind: 'event', id: 'e1', label: 'Fair' } });
    await recordNotedActivity(app, context);
    await recordNotedActivity(app, context);
    expect(record).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledWith(
      { admin: { id: 'a1', username: 'alice' }, address: '198.51.100.4', device: 'Firefox on Linux' },
      { action: 'deleted', subject: { kind: 'event', id: 'e1', label: 'Fair' } },
    );
  });

  it("records a line for each note of one request ('Restore all'), in one call", async () => {
    const record = vi.fn(() => Promise.resolve());
    const { app, context } = fakeRequest(record);
    noteActivity(context, { action: 'restored', subject: { kind: 'news', id: 'n1', label: 'Fair' } });
    noteActivity(context, { action: 'restored', subject: { kind: 'photo', id: 'p1', label: '' } });
    await recordNotedActivity(app, context);
    expect(record).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledWith(
      expect.objectContaining({ admin: { id: 'a1', username: 'alice' } }),
      { action: 'restored', subject: { kind: 'news', id: 'n1', label: 'Fair' } },
      { action: 'restored', subject: { kind: 'photo', id: 'p1', label: '' } },
    );
  });

  it('does not turn a done change into an error when the log cannot be written: the line goes to the server log', async () => {
    const { app, context, error } = fakeRequest(() => Promise.reject(new Error('database went away')));
    noteActivity(context, { action: 'edited', subject: { kind: 'settings' } });
    await expect(recordNotedActivity(app, context)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({
        requestId: 'req-1',
        activity: expect.objectContaining({ lines: [{ action: 'edited', subject: { kind: 'settings' } }], address: '198.51.100.4' }),
      }),
      'an activity log line could not be written',
    );
  });
});

describe('deviceOf', () => {
  it('names the browser and system, or nothing', () => {
    expect(
      deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'),
    ).toBe('Chrome on Android');
    expect(deviceOf('curl/8.5.0')).toBe(null);
    expect(deviceOf(null)).toBe(null);
    expect(deviceOf('x'.repeat(100_000))).toBe(null);
  });
});
