import { execFileSync, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { startServer, testDatabases, useServer } from '../setup/server.ts';
import { freePort } from '../setup/start-server.ts';
import { eachDatabase } from '../setup/databases.ts';

const root = path.resolve(import.meta.dirname, '../..');

eachDatabase('server lifecycle on $kind', (db) => {
  const suite = useServer(db, photoSiteEnv);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });

  it('keeps data across a restart, and the session too', async () => {
    const news = await call(suite, 'POST', '/api/admin/news', { token, body: { title: 'Kept', publishedAt: '2026-01-01' } });
    await call(suite, 'PUT', '/api/admin/who-we-are', { token, body: { aboutUs: 'Still here' } });
    const code = await suite.restart('SIGTERM');
    expect(code).toBe(0);
    expect((await call(suite, 'GET', `/api/news/${news.body.id}`)).body.title).toBe('Kept');
    expect((await call(suite, 'GET', '/api/who-we-are')).body.aboutUs).toBe('Still here');
    expect((await call(suite, 'GET', '/api/admin/me', { token })).status).toBe(200);
  });

  it('loses no acknowledged write when the process is killed', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: `${photoSite()}/${i}.jpg` } });
      expect(response.status).toBe(201);
      ids.push(response.body.id);
    }
    await suite.restart('SIGKILL');
    const stored = (await call(suite, 'GET', '/api/gallery')).body.map((image: { id: string }) => image.id);
    for (const id of ids) expect(stored).toContain(id);
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const server = suite.server;
    // A slow upload: the body arrives in two parts with a pause in between.
    const body = JSON.stringify({ title: 'In flight', publishedAt: '2026-01-01' });
    const stream = new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
        await new Promise((resolve) => setTimeout(resolve, 500));
        controller.enqueue(new TextEncoder().encode(body.slice(10)));
        controller.close();
      },
    });
    const pending = fetch(`${server.url}/api/admin/news`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = server.stop('SIGTERM');
    const response = await pending;
    expect(response.status).toBe(201);
    // Said to the client, so that it (a proxy above all) sends nothing more on a connection about to close.
    expect(response.headers.get('connection')).toBe('close');
    expect(await exit).toBe(0);
    await suite.restart();
    const titles = (await call(suite, 'GET', '/api/news')).body.map((n: { title: string }) => n.title);
    expect(titles).toContain('In flight');
  });

  it('answers /healthz with 200 while the database answers', async () => {
    const response = await call(suite, 'GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok', storage: 'ok', disk: 'ok' });
  });
});

describe('start-up', () => {
  it('stops with a message naming a bad variable', async () => {
    const result = spawnSync(process.execPath, ['src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, SITE_TIMEZONE: 'Mars/Olympus', PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/PORT: must be a whole number/);
    expect(result.stderr).toMatch(/SITE_TIMEZONE: must be an IANA time zone/);
  });

  it('logs how to create the first administrator when there is none, in JSON lines with request ids, and when PUBLIC_URL and TRUST_PROXY are missing', async () => {
    const fresh = await testDatabases[0]!.create();
    const server = await startServer({ DATA_DIR: fresh.dataDir, LOG_LEVEL: 'info' });
    try {
      await fetch(`${server.url}/api/news`, { headers: { 'x-request-id': 'trace-123' } });
      // A request line of 12 KB (Node takes up to 16): its path is cut in the log (146).
      const long = `/no-such-page-${'x'.repeat(12_000)}`;
      expect((await fetch(server.url + long, { headers: { 'x-request-id': 'long-path' } })).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = server
        .output()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.some((l) => /npm run admin -- create <username>/.test(l.msg))).toBe(true);
      expect(lines.some((l) => l.msg === 'request' && l.requestId === 'trace-123' && l.path === '/api/news' && l.status === 200)).toBe(
        true,
      );
      expect(lines.find((l) => l.msg === 'request' && l.requestId === 'long-path')).toMatchObject({
        path: `${long.slice(0, 300)}… (12014 characters)`,
        status: 404,
      });
      expect((await call(server.url, 'POST', '/api/admin/login', { body: { username: 'admin', password: 'admin' } })).status).toBe(401);

      // Started without PUBLIC_URL or TRUST_PROXY, reached by a name of its own through a proxy on
      // this machine: the log says what to set, once each.
      const visit = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          http.get(`${server.url}/`, { headers }, (answer) => resolve(answer.resume().statusCode ?? 0)).on('error', reject);
        });
      expect(await visit({ host: 'localhost' })).toBe(200);
      expect(await visit({ host: 'dads.example.org' })).toBe(200);
      expect(await visit({ host: 'dads.example.org', 'x-forwarded-for': '198.51.100.4' })).toBe(200);
      expect(await visit({ host: 'dads.example.org', 'x-forwarded-for': '198.51.100.5' })).toBe(200);
      const said = (words: string) =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes(words));
      await expect.poll(() => said('TRUST_PROXY is not set').length).toBe(1);
      expect(said('PUBLIC_URL is not set')).toHaveLength(1);
      expect(JSON.parse(said('PUBLIC_URL is not set')[0]!)).toMatchObject({
        level: 40,
        publicUrl: expect.stringMatching(/^http:\/\/localhost:\d+$/),
        reachedAs: 'dads.example.org',
      });
      expect(JSON.parse(said('TRUST_PROXY is not set')[0]!)).toMatchObject({ level: 40, proxy: '127.0.0.1' });
    } finally {
      await server.stop();
      await fresh.drop();
    }
  });

  it('npm start runs the compiled server with TypeScript stripping off, so no page loads a .ts file', async () => {
    // Node's stripper (amaro) would stay loaded for good, about 15 MB (docs/decisions/026); with
    // the flag off, loading any .ts file fails, so pages that answer prove none was loaded.
    const fresh = await testDatabases[0]!.create();
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, DATA_DIR: fresh.dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    // npm start ending first (a build it refused, a start that failed) says why, not a minute later.
    const ended = new Promise<never>((_, reject) =>
      npm.once('exit', (code) => reject(new Error(`npm start ended with ${code} before it answered:\n${output}`))),
    );
    ended.catch(() => {});
    try {
      const base = `http://127.0.0.1:${port}`;
      await Promise.race([
        expect
          .poll(
            () =>
              fetch(`${base}/healthz`).then(
                (r) => r.status,
                () => 0,
              ),
            { timeout: 60_000, interval: 200 },
          )
          .toBe(200),
        ended,
      ]);
      for (const pathname of [
        '/',
        '/news',
        '/events',
        '/gallery',
        '/who-we-are',
        '/rss.xml',
        '/events.ics',
        '/sitemap.xml',
        '/no-such-page',
      ]) {
        const answer = await fetch(`${base}${pathname}`);
        expect(answer.status, `${pathname}\n${output}`).toBe(pathname === '/no-such-page' ? 404 : 200);
      }
      expect((await fetch(`${base}/admin/login`, { redirect: 'manual' })).status).toBeLessThan(500);
      const server = execFileSync('pgrep', ['-g', String(npm.pid), '-a', '-f', 'dist-node/server/main.js'], { encoding: 'utf8' });
      expect(server).toContain('--no-experimental-strip-types');
      expect(server).toContain('--conditions=club-built');
    } finally {
      if (npm.exitCode === null && npm.signalCode === null) {
        process.kill(-npm.pid!, 'SIGTERM');
        await new Promise((resolve) => npm.once('exit', resolve));
      }
      await fresh.drop();
    }
    // npm, its checks and a cold start on a busy machine: the poll above allows a minute, and so must the test
    // (it timed out at the default 30 s once, in a full run on a loaded 2-core machine).
  }, 90_000);

  it('runs every library in production mode unless told otherwise (React loads its production build)', async () => {
    const fresh = await testDatabases[0]!.create();
    // NODE_DEBUG=module makes Node name every CommonJS file it loads; NODE_ENV is left unset, as by npm start.
    const server = await startServer({ DATA_DIR: fresh.dataDir, NODE_DEBUG: 'module' });
    try {
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      const loaded = new Set(server.output().match(/react(-dom)?\/cjs\/[a-z.-]+\.js/g) ?? []);
      expect([...loaded]).toEqual(
        expect.arrayContaining(['react/cjs/react.production.js', 'react-dom/cjs/react-dom-server.node.production.js']),
      );
      expect([...loaded].filter((file) => file.includes('development'))).toEqual([]);
    } finally {
      await server.stop();
      await fresh.drop();
    }
  });

  it('says in plain words why it cannot listen: the port taken, or a HOST not of this machine', async () => {
    const fresh = await testDatabases[0]!.create();
    // Something else on the port (another copy of the site, say): it answers, but never as healthy.
    const other = http.createServer((_req, res) => res.writeHead(503).end());
    const port = await freePort();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      await expect(startServer({ DATA_DIR: fresh.dataDir }, undefined, { port })).rejects.toThrow(
        `Cannot listen on 127.0.0.1:${port}: something else already listens there (another copy of the site?). Stop it, or set PORT to a free port.`,
      );
      await expect(startServer({ DATA_DIR: fresh.dataDir, HOST: '192.0.2.1' })).rejects.toThrow(
        /Cannot listen on 192\.0\.2\.1:\d+: HOST is not an address of this machine\. Unset HOST to listen everywhere\./,
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
      await fresh.drop();
    }
  });

  it('stops on SIGTERM, with exit code 0, when whoever read its log has gone (a broken pipe)', async () => {
    const fresh = await testDatabases[0]!.create();
    const server = await startServer({ DATA_DIR: fresh.dataDir, LOG_LEVEL: 'info' });
    try {
      // The reader goes between the shutdown's first line and its last, as a log pipe (`| head`,
      // a log shipper) may: the last line then waited for ever to be written, and so did the exit.
      const stdout = server.process.stdout!;
      stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString('utf8').includes('stopping')) stdout.destroy();
      });
      const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000).unref());
      expect(await Promise.race([server.stop(), hung])).toBe(0);
    } finally {
      await server.stop('SIGKILL');
      await fresh.drop();
    }
  }, 30_000);
});
