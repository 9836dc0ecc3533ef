import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneJpeg } from '../fixtures/images.ts';
import { call } from '../setup/api-client.ts';
import { startCaddy, viaCaddy, type RunningCaddy } from '../setup/caddy.ts';
import { testDatabases, type FreshDatabase } from '../setup/databases.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { freePort } from '../setup/start-server.ts';

// docs/deploy.md, tested: Debian's Caddy with automatic HTTPS (its internal authority here) in
// front of the server, TRUST_PROXY=true and an https PUBLIC_URL.

const sqlite = testDatabases[0]!;

/** The TCP connections `ss` lists for `args`, each as its columns (receive and send queues, local, peer, process). */
function ss(args: string[]): string[][] {
  const listed = spawnSync('ss', ['-Htan', ...args], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`ss failed: ${listed.stderr}`);
  return listed.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/));
}
const portOf = (address: string) => address.slice(address.lastIndexOf(':') + 1);
/** The ports Caddy's open connections to the server on `port` come from (`-p` names the process). */
const caddyPorts = (port: number) =>
  ss(['-p', 'state', 'established', `( dport = :${port} )`])
    .filter((columns) => columns.join(' ').includes('"caddy"'))
    .map((columns) => portOf(columns[2]!));
/** The peer ports of connections the server closed first: that side keeps them in TIME-WAIT. */
const closedByServer = (port: number) => ss(['state', 'time-wait', `( sport = :${port} )`]).map((columns) => portOf(columns[3]!));
const ssWorks = spawnSync('ss', ['-V']).status === 0;

describe('behind Caddy over HTTPS', () => {
  let database: FreshDatabase;
  let server: RunningServer;
  let caddy: RunningCaddy;
  beforeAll(async () => {
    database = await sqlite.createSite();
    const httpsPort = await freePort();
    server = await startServer({
      DATA_DIR: database.dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'true',
      PUBLIC_URL: `https://club.test:${httpsPort}`,
    });
    caddy = await startCaddy(Number(new URL(server.url).port), httpsPort);
  }, 150_000);
  afterAll(async () => {
    await caddy?.stop();
    await server?.stop();
    await database?.drop();
  });

  it('serves pages over HTTPS with HSTS, and signs in with a Secure cookie', async () => {
    const home = await viaCaddy(caddy, 'GET', '/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(home.text).toContain(`<link rel="canonical" href="${caddy.origin}/"`);

    const signIn = await viaCaddy(caddy, 'POST', '/api/admin/login', {
      headers: { 'content-type': 'application/json', origin: caddy.origin },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers['set-cookie']);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    // The proof that this browser signed in before (decision 122) is kept as carefully.
    const device = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).find((line) => line.startsWith('club_device='));
    expect(device).toMatch(/; Secure/i);
    expect(device).toMatch(/; HttpOnly/i);

    // An upload through the proxy, as the admin's browser sends it: cookie and same-origin Origin.
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await phoneJpeg(1600, 1000))], { type: 'image/jpeg' }), 'photo.jpg');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const upload = await viaCaddy(caddy, 'POST', '/api/admin/upload', {
      headers: { cookie: cookie.split(';')[0]!, origin: caddy.origin, 'content-type': encoded.headers.get('content-type')! },
      body,
    });
    expect(upload.status, upload.text).toBe(200);
    const { imageUrl } = JSON.parse(upload.text) as { imageUrl: string };
    expect((await viaCaddy(caddy, 'GET', `${imageUrl}/640.webp`)).status).toBe(200);
  });

  it('locks out by the address Caddy forwards, whatever X-Forwarded-For a visitor sends', async () => {
    const attempt = (from: string, password: string, spoof: string) =>
      viaCaddy(caddy, 'POST', '/api/admin/login', {
        from,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': spoof },
        body: JSON.stringify({ username: ADMIN.username, password }),
      });
    // Five wrong passwords from 127.0.0.2, each claiming another address.
    for (let i = 0; i < 5; i++) expect((await attempt('127.0.0.2', 'wrong-password-here', `198.51.100.${i}`)).status).toBe(401);
    // That visitor is locked out, even with the right password and yet another claimed address…
    expect((await attempt('127.0.0.2', ADMIN.password, '198.51.100.99')).status).toBe(429);
    // …while another visitor, reaching the server through the same Caddy, is not.
    expect((await attempt('127.0.0.3', ADMIN.password, '198.51.100.0')).status).toBe(200);
  });

  it.skipIf(!ssWorks)(
    'leaves closing an idle connection to Caddy, which then never sends a request on one the server is closing',
    async () => {
      // Caddy keeps an idle connection for 2 minutes; a server that closed it sooner, at the moment
      // Caddy sent a request on it, would leave Caddy a 502 to give the visitor (it does not send a
      // POST again). A browser's idle connection is closed after 5 s (6 with Node's margin).
      expect((await viaCaddy(caddy, 'GET', '/healthz')).status).toBe(200);
      const held = caddyPorts(server.port);
      expect(held.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 7_500));
      expect(closedByServer(server.port).filter((port) => held.includes(port))).toEqual([]);
      expect(caddyPorts(server.port)).toEqual(expect.arrayContaining(held));
      const signIn = await viaCaddy(caddy, 'POST', '/api/admin/login', {
        headers: { 'content-type': 'application/json', origin: caddy.origin },
        body: JSON.stringify(ADMIN),
      });
      expect(signIn.status).toBe(200);
    },
    30_000,
  );

  it("holds visitors' requests through a restart (an upgrade's build), instead of answering errors", async () => {
    const env = {
      DATA_DIR: database.dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'true',
      PUBLIC_URL: caddy.origin,
    };
    // Each answer with the part of the restart its request was sent in; counted rather than timed,
    // so that a slow machine only makes the test longer.
    type Phase = 'before' | 'away' | 'back';
    let phase: Phase = 'before';
    const answers: { phase: Phase; status: number }[] = [];
    let visiting = true;
    const visitors = Array.from({ length: 3 }, async (_, visitor) => {
      const pages = ['/', '/news', '/api/events'];
      while (visiting) {
        const sentIn = phase;
        answers.push({ phase: sentIn, status: (await viaCaddy(caddy, 'GET', pages[visitor]!)).status });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const answered = async (wanted: Phase, count: number) => {
      while (answers.filter((answer) => answer.phase === wanted).length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await answered('before', 3);
    const port = server.port;
    phase = 'away';
    expect(await server.stop()).toBe(0);
    // The server is away for as long as a build takes.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    server = await startServer(env, undefined, { port });
    phase = 'back';
    await answered('back', 3);
    visiting = false;
    await Promise.all(visitors);
    expect(answers.filter((answer) => answer.phase === 'away').length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  }, 60_000);
});

describe('without TRUST_PROXY', () => {
  let database: FreshDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await sqlite.createSite();
    server = await startServer({ DATA_DIR: database.dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(async () => {
    await server.stop();
    await database.drop();
  });

  it('ignores X-Forwarded-For: a client cannot claim a new address for each guess', async () => {
    const attempt = (password: string, spoof: string) =>
      call(server.url, 'POST', '/api/admin/login', { body: { username: ADMIN.username, password }, headers: { 'x-forwarded-for': spoof } });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password-here', `203.0.113.${i}`)).status).toBe(401);
    expect((await attempt(ADMIN.password, '203.0.113.77')).status).toBe(429);
  });
});
