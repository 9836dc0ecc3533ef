import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { nodeSqliteDatabase } from '../db/node-sqlite-adapter.ts';
import { createImagesRepository } from './images.repository.ts';

// Images kept for an 'Undo' (docs/decisions/050): the sweep lists those released long ago, then
// deletes each; one released again in between (used and let go once more) must stay for its own
// Undo, and keep its mark.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-images-'));
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: nodeSqliteDatabase(new DatabaseSync(path.join(dir, 'club.sqlite'))) }),
  plugins: [new CamelCasePlugin()],
});
const repo = createImagesRepository(db);
const image = (id: string, releasedAt: string | null) => ({
  id,
  width: 10,
  height: 10,
  widths: '320',
  placeholder: '#000000',
  createdAt: '2026-01-01T00:00:00.000Z',
  releasedAt,
});

beforeAll(() => migrateToLatest(db));
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('leaves an image released again after the sweep listed it, and deletes one whose time is up', async () => {
  const keptSince = '2026-11-26T12:00:00.000Z';
  await repo.insert(image('oldrelease', '2026-11-26T11:00:00.000Z'));
  await repo.insert(image('releasedagain', '2026-11-26T11:00:00.000Z'));
  expect((await repo.listReleasedBefore(keptSince)).sort()).toEqual(['oldrelease', 'releasedagain']);
  // Between the list and the delete, a change used 'releasedagain' and let it go once more.
  await repo.markReleasedIfUnreferenced('releasedagain', '2026-11-26T12:10:00.000Z');

  expect(await repo.deleteIfUnreferenced('releasedagain', keptSince)).toBe(false);
  await repo.clearRelease('releasedagain', keptSince);
  expect((await repo.findById('releasedagain'))?.releasedAt).toBe('2026-11-26T12:10:00.000Z');
  expect(await repo.deleteIfUnreferenced('oldrelease', keptSince)).toBe(true);
  expect(await repo.findById('oldrelease')).toBeUndefined();
  // The daily collection of unused images leaves it out too: it was let go after `keptSince`.
  expect(await repo.listCreatedBefore('2026-11-26T00:00:00.000Z', keptSince)).toEqual([]);
});
