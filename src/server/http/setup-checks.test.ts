import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../core/logger.ts';
import { createSetupChecks, type SetupSettings } from './setup-checks.ts';

const UNSET: SetupSettings = { publicUrlSet: false, publicUrl: 'http://localhost:3000', trustProxy: false };
const SET_UP: SetupSettings = { publicUrlSet: true, publicUrl: 'https://dads.example.org', trustProxy: true };
const START = Date.parse('2026-11-27T10:00:00Z');

function checks(settings: SetupSettings) {
  const lines: string[] = [];
  const log = { warn: (_fields: unknown, message: string) => lines.push(message) } as unknown as Logger;
  return { lines, check: createSetupChecks(settings, log) };
}

/** A request as Node hands it over: its headers and the address of whoever connected. */
const request = (headers: Record<string, string>, from = '127.0.0.1') =>
  ({ headers, socket: { remoteAddress: from } }) as unknown as http.IncomingMessage;

describe('the checks of how the site is set up', () => {
  it('says, once an hour, that the links given out name localhost when the site is reached by another name', () => {
    const { lines, check } = checks(UNSET);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'club.localhost']) check(request({ host }), START);
    check(request({}), START);
    expect(lines).toEqual([]);
    check(request({ host: 'dads.example.org' }), START);
    check(request({ host: 'dads.example.org' }), START + 59 * 60_000);
    check(request({ host: '203.0.113.5' }), START + 30 * 60_000);
    expect(lines).toEqual([
      'PUBLIC_URL is not set, so the links this site gives out (feeds, calendar, sitemap, shared links) name http://localhost:3000, but it was reached as dads.example.org. Set PUBLIC_URL to the address visitors use (https://… behind a proxy) and restart.',
    ]);
    check(request({ host: '192.168.1.20:3000' }), START + 61 * 60_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('but it was reached as 192.168.1.20:3000.');
  });

  it('says, once an hour, that a proxy on this machine or its network is not trusted, never for a client on the internet', () => {
    const { lines, check } = checks({ ...UNSET, publicUrlSet: true });
    check(request({ host: 'localhost' }, '127.0.0.1'), START);
    check(request({ host: 'localhost', 'x-forwarded-for': '198.51.100.4' }, '81.2.69.160'), START);
    expect(lines).toEqual([]);
    check(request({ host: 'localhost', 'x-forwarded-for': '198.51.100.4' }, '::ffff:127.0.0.1'), START);
    check(request({ host: 'localhost', 'x-forwarded-for': '198.51.100.5' }, '10.0.0.2'), START + 60_000);
    expect(lines).toEqual([
      "Requests come through a proxy at 127.0.0.1 (they carry X-Forwarded-For), but TRUST_PROXY is not set, so every visitor counts as the proxy: one person's wrong passwords lock everyone out of signing in. Set TRUST_PROXY=true and restart.",
    ]);
  });

  it('says, once an hour, that a proxy is trusted while the internet reaches the port without it', () => {
    const { lines, check } = checks(SET_UP);
    // Through the proxy, and the machine's own health checks: as it should be.
    check(request({ host: 'dads.example.org', 'x-forwarded-for': '81.2.69.160' }, '127.0.0.1'), START);
    check(request({ host: 'localhost' }, '127.0.0.1'), START);
    check(request({ host: 'dads.example.org' }, '10.0.0.2'), START);
    expect(lines).toEqual([]);
    check(request({ host: 'dads.example.org' }, '::ffff:81.2.69.160'), START);
    check(request({ host: 'dads.example.org' }, '81.2.69.161'), START + 60_000);
    expect(lines).toEqual([
      'TRUST_PROXY is set, but a request came straight from 81.2.69.160, not through the proxy: whoever can reach this port can write X-Forwarded-For themselves and dodge the sign-in lockout. Let only the proxy reach it (HOST=127.0.0.1 with the proxy on this machine, or a firewall), or unset TRUST_PROXY.',
    ]);
  });

  it('says nothing once both are set, whatever name and proxy the site is reached by', () => {
    const { lines, check } = checks(SET_UP);
    check(request({ host: 'www.dads.example.org', 'x-forwarded-for': '198.51.100.4' }), START);
    check(request({ host: '203.0.113.5' }, '10.0.0.2'), START);
    check(request({ host: 'dads.example.org', 'x-forwarded-for': '198.51.100.4' }, '81.2.69.160'), START);
    expect(lines).toEqual([]);
  });
});
