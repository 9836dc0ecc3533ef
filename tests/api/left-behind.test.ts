import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { onPostgres } from '../setup/databases.ts';
import { dropLeftBehind, testDatabaseName, withPostgres } from '../setup/site-templates.ts';

// A test run killed before its end (Ctrl-C, a CI time-out) cannot drop its databases: each run
// then drops those older than any run, before it makes its own (tests/setup/global-setup.ts).

const HOURS = 60 * 60 * 1000;

it("removes a killed run's SQLite data folders once they are older than any run, and no other", async () => {
  const old = fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-'));
  const recent = fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-'));
  const other = fs.mkdtempSync(path.join(os.tmpdir(), 'someone-else-'));
  try {
    const sevenHoursAgo = new Date(Date.now() - 7 * HOURS);
    for (const folder of [old, other]) fs.utimesSync(folder, sevenHoursAgo, sevenHoursAgo);
    expect(await dropLeftBehind(undefined)).toEqual([]);
    expect([old, recent, other].map((folder) => fs.existsSync(folder))).toEqual([false, true, true]);
  } finally {
    for (const folder of [old, recent, other]) fs.rmSync(folder, { recursive: true, force: true });
  }
});

onPostgres('test databases left behind', () => {
  it("drops a killed run's databases once they are older than any run, and none a run may be using", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const old = testDatabaseName('test', Date.now() - 7 * HOURS);
    const oldTemplate = testDatabaseName('template', Date.now() - 7 * HOURS);
    const recent = testDatabaseName('test', Date.now() - 5 * HOURS);
    const names = [old, oldTemplate, recent];
    await withPostgres(url, async (client) => {
      for (const name of names) await client.query(`CREATE DATABASE ${name}`);
    });
    try {
      expect(await dropLeftBehind(url)).toEqual(expect.arrayContaining([old, oldTemplate]));
      const { rows } = await withPostgres(url, (client) =>
        client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = ANY($1)', [names]),
      );
      expect(rows.map((row) => row.datname)).toEqual([recent]);
    } finally {
      await withPostgres(url, async (client) => {
        for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    }
  });
});
