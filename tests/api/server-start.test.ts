import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { builtServerOf, copyOfProject } from '../setup/project-copy.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';

const root = path.resolve(import.meta.dirname, '../..');

function* filesUnder(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.name.endsWith('.mjs')) yield full;
  }
}

describe('one core per process', () => {
  it('the server bundle imports src/core from its source instead of holding a copy', () => {
    const bundle = [...filesUnder(path.join(root, 'dist', 'server'))].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    expect(bundle).toContain('"#core/context.ts"');
    // Definitions that live in src/core only: a copy in the bundle would be a second instance.
    expect(bundle).not.toMatch(/function createContext\b|class NotFoundError\b|function createNewsService\b/);
  });
});

// `npm run dev` runs src/server/main.ts with NODE_ENV=development: the same start-up, headers,
// compression and request logs as `npm start`, with Vite's development server inside.
describe('npm run dev', () => {
  let server: RunningServer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-dev-'));
  // Astro's own settings (when it last looked for a newer Astro) in a new folder, as on a new machine.
  const configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'club-dev-config-'));
  // From a copy: Vite's development server rewrites Astro's generated types (.astro/), which the
  // static checks read while the tests run (scripts/test.ts).
  let copy: string;
  beforeAll(async () => {
    copy = copyOfProject();
    // Vite compiles the site's modules for the first request: about 5 s alone, and more than
    // 30 s once when the machine's two cores were busy with other test files.
    server = await startServer(
      {
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        XDG_CONFIG_HOME: configHome,
        NODE_OPTIONS: `--import ${new URL('../setup/no-outside-lookups-preload.mjs', import.meta.url).pathname}`,
      },
      builtServerOf(copy),
      { readyWithinMs: 100_000 },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(configHome, { recursive: true, force: true });
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it("serves Vite's development pages, compressed, with the site's headers", async () => {
    const response = await fetch(`${server.url}/news`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(await response.text()).toContain('/@vite/client');
  });

  it('creates the administrator from the environment and logs each request', async () => {
    const token = await login(server.url);
    expect((await call(server.url, 'GET', '/api/admin/me', { token })).body.username).toBe(ADMIN.username);
    expect(server.output()).toContain('administrator created from ADMIN_USERNAME and ADMIN_PASSWORD');
    expect(server.output()).toMatch(/"method":"POST","path":"\/api\/admin\/login","status":200/);
  });

  it('asks nothing of the internet: no usage report to Astro, no look for a newer Astro (decision 111)', async () => {
    // Both go out within moments of the start; give them time to.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(server.output()).not.toContain('outside lookup refused');
  });
});

describe('ADMIN_PASSWORD that a guesser would try first', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-weak-admin-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates nobody, and the server says why and stops', async () => {
    const env = { DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'password1234' };
    await expect(startServer(env)).rejects.toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD: This password is too easy to guess\. [^"]*Nothing was created; choose another and start again\./,
    );
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expect((await call(server.url, 'POST', '/api/admin/login', { body: { username: 'admin', password: 'password1234' } })).status).toBe(
        401,
      );
    } finally {
      await server.stop();
    }
  });
});

// A DATA_DIR the site cannot keep its SQLite database in: the server's last line says what to
// correct, not only "could not open the database" (docs/decisions/134).
describe('a DATA_DIR that cannot hold the database', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'club-data-dir-'));
  afterAll(() => {
    unmount(path.join(scratch, 'read-only'));
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('a file: the server says so and stops', async () => {
    const file = path.join(scratch, 'notes.txt');
    fs.writeFileSync(file, 'not a folder');
    await expect(startServer({ DATA_DIR: file })).rejects.toThrow(
      new RegExp(`The site cannot keep its database in ${file} \\(EEXIST: file already exists[^)]*\\)\\. DATA_DIR must name a folder`),
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('not a folder');
  });

  it.skipIf(!tmpfsWorks)('a folder on a read-only disk: the server says so and stops', async () => {
    const folder = path.join(scratch, 'read-only');
    fs.mkdirSync(folder);
    mountTmpfs(folder, '1m');
    expect(spawnSync('mount', ['-o', 'remount,ro', folder]).status).toBe(0);
    await expect(startServer({ DATA_DIR: folder })).rejects.toThrow(
      `The site cannot keep its database in ${folder} (unable to open database file). DATA_DIR must name a folder (it is made when missing) that the user running the site`,
    );
  });
});
