import { describe, expect, it } from 'vitest';
import type { Logger } from '../../core/logger.ts';
import { createPublicUrlCheck } from './public-url-check.ts';

function recorder() {
  const lines: string[] = [];
  const log = { warn: (_fields: unknown, message: string) => lines.push(message) } as unknown as Logger;
  return { lines, log };
}

describe('the check that PUBLIC_URL is set', () => {
  it('says, once an hour, that the links given out name localhost when the site is reached by another name', () => {
    const { lines, log } = recorder();
    const check = createPublicUrlCheck({ publicUrlSet: false, publicUrl: 'http://localhost:3000', log });
    const start = Date.parse('2026-11-27T10:00:00Z');
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'club.localhost', undefined]) check(host, start);
    expect(lines).toEqual([]);
    check('dads.example.org', start);
    check('dads.example.org', start + 59 * 60_000);
    check('203.0.113.5', start + 30 * 60_000);
    expect(lines).toEqual([
      'PUBLIC_URL is not set, so the links this site gives out (feeds, calendar, sitemap, shared links) name http://localhost:3000, but it was reached as dads.example.org. Set PUBLIC_URL to the address visitors use (https://… behind a proxy) and restart.',
    ]);
    check('192.168.1.20:3000', start + 61 * 60_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('but it was reached as 192.168.1.20:3000.');
  });

  it('says nothing once PUBLIC_URL is set, whatever name the site is reached by', () => {
    const { lines, log } = recorder();
    const check = createPublicUrlCheck({ publicUrlSet: true, publicUrl: 'https://dads.example.org', log });
    check('www.dads.example.org');
    check('203.0.113.5');
    expect(lines).toEqual([]);
  });
});
