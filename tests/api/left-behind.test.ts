import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { onPostgres } from '../setup/databases.ts';
import { dropLeftBehind, testDatabaseName, withPostgres } from '../setup/site-templates.ts';
import { stopServersLeftRunning } from '../setup/left-running.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

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

/** The processes running `file` on the data folder `dataDir`. */
function running(file: string, dataDir: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return (
          fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(file) &&
          fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

it("stops a server a suite left running (its test process gone), and neither a live suite's nor another program's", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'left-running-'));
  const server = path.join(folder, 'main.js');
  fs.writeFileSync(server, 'setInterval(() => {}, 1000);');
  const left = fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-'));
  const live = fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-'));
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'someone-else-'));
  // Left running: started by a process that is gone, in a group of its own, as a test server is.
  const orphan = async (dataDir: string) => {
    const starter = spawn('sh', ['-c', `"${process.execPath}" "${server}" &`], {
      detached: true,
      stdio: 'ignore',
      env: { DATA_DIR: dataDir },
    });
    await once(starter, 'exit');
  };
  await orphan(left);
  await orphan(elsewhere);
  const ours = spawn(process.execPath, [server], { detached: true, stdio: 'ignore', env: { DATA_DIR: live } });
  try {
    await expect.poll(() => [left, elsewhere, live].map((dataDir) => running(server, dataDir).length)).toEqual([1, 1, 1]);
    expect(stopServersLeftRunning({ serverFile: server })).toEqual([left]);
    await expect.poll(() => running(server, left)).toEqual([]);
    expect(fs.existsSync(left)).toBe(false);
    expect(running(server, live)).toEqual([ours.pid]);
    expect(running(server, elsewhere)).toHaveLength(1);
    // Once the run is over (its global teardown, in the run's main process): its workers' too.
    expect(stopServersLeftRunning({ serverFile: server, endedRun: process.ppid })).toEqual([live]);
    await expect.poll(() => running(server, live)).toEqual([]);
    expect(running(server, elsewhere)).toHaveLength(1);
  } finally {
    for (const dataDir of [left, elsewhere, live]) for (const pid of running(server, dataDir)) process.kill(pid, 'SIGKILL');
    for (const dir of [folder, left, live, elsewhere]) fs.rmSync(dir, { recursive: true, force: true });
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
