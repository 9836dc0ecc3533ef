import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { connect, migrateToLatest, type Db } from '../core/db/connect.ts';
import { migrations } from '../core/db/migrations/index.ts';
import { createLogger } from '../core/logger.ts';
import { UPGRADE_UNDER_WAY, watchForNewerVersion } from './newer-version-watch.ts';

// The rule of docs/decisions/143 by itself: what counts as a newer version, and what a write that
// reaches an instance stopping for one gets. tests/api/newer-version-beside.postgres.test.ts runs
// it in the server, beside a real newer version's notice.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-newer-watch-'));
let db: Db;
beforeAll(async () => {
  db = connect({ kind: 'sqlite', file: path.join(folder, 'club.sqlite') });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(folder, { recursive: true, force: true });
});

const log = createLogger('silent');
const request = (method: string) => ({ method }) as http.IncomingMessage;
function response() {
  const answer = { status: 0, headers: {} as Record<string, string>, body: '' };
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      answer.status = status;
      answer.headers = headers;
    },
    end(body: string) {
      answer.body = body;
    },
  } as unknown as http.ServerResponse;
  return { res, answer };
}

it('stops for a notice of a migration this version does not know, once, and then refuses writes only', () => {
  const onFound = vi.fn();
  const watch = watchForNewerVersion({ db, log, onFound, everyMs: 60_000 });
  try {
    watch.heard('3f1c2b9e-0000-4000-8000-000000000000'); // another instance's write
    watch.heard(`migrated:${Object.keys(migrations).at(-1)}`); // an instance of this version made a new database
    expect(onFound).not.toHaveBeenCalled();
    expect(watch.refused(request('POST'), response().res)).toBe(false);

    watch.heard('migrated:2099_01_01_0001_from_a_newer_version');
    watch.heard('migrated:2099_01_01_0002_and_another');
    expect(onFound).toHaveBeenCalledTimes(1);
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(watch.refused(request(method), response().res), method).toBe(false);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { res, answer } = response();
      expect(watch.refused(request(method), res), method).toBe(true);
      expect(answer.status).toBe(503);
      expect(answer.headers).toMatchObject({ 'Retry-After': '5', Connection: 'close' });
      expect(JSON.parse(answer.body)).toEqual({ message: UPGRADE_UNDER_WAY });
    }
  } finally {
    watch.stop();
  }
});

it('finds a newer migration in the database by itself, and a stop for another reason refuses nothing', async () => {
  const onFound = vi.fn();
  const stopped = watchForNewerVersion({ db, log, onFound, everyMs: 20 });
  stopped.stop();
  expect(stopped.refused(request('POST'), response().res)).toBe(false);

  const watch = watchForNewerVersion({ db, log, onFound, everyMs: 20 });
  try {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onFound).not.toHaveBeenCalled();
    await sql`insert into kysely_migration (name, timestamp) values ('2099_01_01_0001_from_a_newer_version', ${new Date().toISOString()})`.execute(
      db,
    );
    await vi.waitFor(() => expect(onFound).toHaveBeenCalledTimes(1));
    expect(watch.refused(request('DELETE'), response().res)).toBe(true);
  } finally {
    watch.stop();
  }
});
