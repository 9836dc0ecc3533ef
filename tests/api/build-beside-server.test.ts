import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFile } from '../../src/core/shared/file-lock.ts';
import { BUILD_RUNNING_HERE, SERVER_RUNNING_HERE } from '../../src/server/build-lock.ts';
import { sqliteDb, type FreshDatabase } from '../setup/databases.ts';
import { builtServerOf, copyOfProject } from '../setup/project-copy.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// A build empties dist/ and dist-node/, and a running server loads each page's code on its first
// request: built beside it, every page not yet asked for answered 500 until the server was
// restarted. A build now waits for no server and a server for no build. Both run here from a copy
// of the project, so that the build cannot touch the servers of the other test files.

const build = (cwd: string) =>
  spawnSync(process.execPath, ['scripts/build.ts'], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ASTRO_TELEMETRY_DISABLED: '1' },
  });

describe('a build beside a running server', () => {
  let copy: string;
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  const env = () => ({ DATA_DIR: database.dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  beforeAll(async () => {
    copy = copyOfProject();
    database = await sqliteDb.create();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
    fs.rmSync(copy, { recursive: true, force: true });
  });

  it('is refused while the server runs, and the pages it had not shown yet still answer', async () => {
    server = await startServer(env(), builtServerOf(copy));
    const refused = build(copy);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(SERVER_RUNNING_HERE);
    // Nothing of the build it was about to replace was touched.
    expect(fs.existsSync(path.join(copy, 'dist/server/entry.mjs'))).toBe(true);
    for (const pathname of ['/robots.txt', '/api/settings', '/api/who-we-are', '/api/gallery', '/api/openapi.json']) {
      expect((await fetch(`${server.url}${pathname}`)).status, pathname).toBe(200);
    }
  });

  it('goes ahead once the server has stopped, even killed, and the server then starts on the new build', async () => {
    await server!.stop('SIGKILL');
    const built = build(copy);
    expect(built.status, built.stderr).toBe(0);
    server = await startServer(env(), builtServerOf(copy));
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it('keeps a server from starting while a build runs', async () => {
    await server!.stop();
    const building = lockFile(path.join(copy, '.build.lock'), 'exclusive');
    expect(building).not.toBeNull();
    try {
      await expect(startServer(env(), builtServerOf(copy), { readyWithinMs: 20_000 })).rejects.toThrow(BUILD_RUNNING_HERE);
    } finally {
      building!.release();
    }
    server = await startServer(env(), builtServerOf(copy));
  });

  it.runIf(process.getuid?.() === 0)("refuses to build as root in a folder that belongs to the site's user", async () => {
    await server!.stop();
    const before = fs.statSync(copy);
    fs.chownSync(copy, 65534, 65534);
    try {
      const refused = build(copy);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`This runs as root, but ${copy} belongs to nobody`);
      expect(refused.stderr).toContain('Run it as nobody: sudo -u nobody npm run build');
    } finally {
      fs.chownSync(copy, before.uid, before.gid);
    }
    server = await startServer(env(), builtServerOf(copy));
  });

  it('starts, with a warning, where no lock file can be made (a read-only folder)', async () => {
    await server!.stop();
    const lock = path.join(copy, '.build.lock');
    fs.rmSync(lock, { force: true });
    // A folder where the file should be: opening it fails as a read-only folder's would.
    fs.mkdirSync(lock);
    server = await startServer({ ...env(), LOG_LEVEL: 'info' }, builtServerOf(copy));
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(server.output()).toContain('a build here would not wait for this server');
  });
});
