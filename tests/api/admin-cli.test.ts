import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeActivity, type ActivityEntry } from '../../src/core/activity/activity.schema.ts';
import { restoredAdminMessage } from '../../src/core/admins/admins.schema.ts';
import { call, login } from '../setup/api-client.ts';
import { useServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';

const root = path.resolve(import.meta.dirname, '../..');

eachDatabase('npm run admin on $kind', (db) => {
  const suite = useServer(db);
  let env: Record<string, string | undefined>;
  beforeAll(() => {
    env = { PATH: process.env.PATH, DATA_DIR: suite.database.dataDir, DATABASE_URL: suite.database.databaseUrl };
  });

  // Asynchronous on purpose: a blocked event loop makes fetch reuse sockets the server has closed.
  const admin = (args: string[], input: string) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/admin.ts', ...args], { cwd: root, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
      child.stdin.end(input);
    });

  it('creates an administrator from a password on standard input', async () => {
    const result = await admin(['create', 'Bob'], 'a-long-enough-password\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Administrator "bob" created/);
    expect(await login(suite, 'bob', 'a-long-enough-password')).toEqual(expect.any(String));
  });

  // On a terminal the password is asked twice without echo; `script` gives the command a terminal.
  it.skipIf(spawnSync('sh', ['-c', 'command -v script']).status !== 0)(
    'asks on a terminal twice, without showing the password',
    async () => {
      const secret = 'typed-at-a-terminal';
      const child = spawn('script', ['-qfc', `${process.execPath} scripts/admin.ts create dora`, '/dev/null'], { cwd: root, env });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      const waitFor = async (pattern: RegExp) => {
        for (let i = 0; i < 100 && !pattern.test(output); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      };
      await waitFor(/Password for dora/);
      child.stdin.write(`${secret}\r`);
      await waitFor(/Repeat the password/);
      child.stdin.write(`${secret}\r`);
      const status = await new Promise((resolve) => child.on('close', resolve));
      expect(status).toBe(0);
      expect(output).toMatch(/Administrator "dora" created/);
      expect(output).not.toContain(secret);
      expect(await login(suite, 'dora', secret)).toEqual(expect.any(String));
    },
  );

  it('refuses a password shorter than 12 characters or easy to guess, and a duplicate', async () => {
    const short = await admin(['create', 'carol'], 'short\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toMatch(/at least 12 characters/);
    const guessable = await admin(['create', 'carol'], 'password1234\n');
    expect(guessable.status).toBe(1);
    expect(guessable.stderr).toMatch(/^Refused: This password is too easy to guess\. /);
    const duplicate = await admin(['create', 'bob'], 'another-long-password\n');
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toMatch(/already exists/);
  });

  it("resets a password and ends that administrator's sessions", async () => {
    const token = await login(suite, 'bob', 'a-long-enough-password');
    const result = await admin(['reset-password', 'bob'], 'a-brand-new-password\n');
    expect(result.status).toBe(0);
    expect((await call(suite, 'GET', '/api/admin/me', { token })).status).toBe(401);
    expect((await call(suite, 'POST', '/api/admin/login', { body: { username: 'bob', password: 'a-long-enough-password' } })).status).toBe(
      401,
    );
    const bobs = await login(suite, 'bob', 'a-brand-new-password');
    // Typed by whoever runs the server, most often for their own sign-in: not asked to choose again.
    expect((await call(suite, 'GET', '/api/admin/me', { token: bobs })).body.passwordGiven).toBe(false);
    expect((await call(suite, 'GET', '/api/admin/administrators', { token: bobs })).status).toBe(200);
    expect((await admin(['reset-password', 'nobody'], 'a-brand-new-password\n')).status).toBe(1);
  });

  it('leaves its lines in the activity log, as the server’s command line, and none for a refusal', async () => {
    const log = await call(suite, 'GET', '/api/admin/activity', { token: await login(suite) });
    const lines = (log.body.entries as ActivityEntry[]).filter((entry) => entry.adminName === null).map(describeActivity);
    expect(lines.toReversed()).toEqual([
      'The server’s command line added the administrator “bob”',
      ...(lines.length === 3 ? ['The server’s command line added the administrator “dora”'] : []),
      'The server’s command line set a new password for the administrator “bob”',
    ]);
  });

  it('puts back an administrator removed in the last 30 days, with their own password, asking for none', async () => {
    const token = await login(suite);
    const bob = (await call(suite, 'GET', '/api/admin/administrators', { token })).body.find(
      (each: { username: string }) => each.username === 'bob',
    );
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${bob.id}`, { token })).status).toBe(200);
    const result = await admin(['restore', 'Bob'], '');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(restoredAdminMessage('bob'));
    expect(await login(suite, 'bob', 'a-brand-new-password')).toEqual(expect.any(String));
    const lines = (await call(suite, 'GET', '/api/admin/activity', { token })).body.entries as ActivityEntry[];
    expect(describeActivity(lines[1]!)).toBe('The server’s command line restored the administrator “bob”');

    const again = await admin(['restore', 'bob'], '');
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('Refused: No administrator called "bob" was removed in the last 30 days.');
    // A name typed with control characters is shown escaped, never played to the terminal.
    const hostile = await admin(['restore', 'bob\u001b[31m\u0007'], '');
    expect(hostile.status).toBe(1);
    expect(hostile.stderr.trim()).toBe('Refused: No administrator called "bob\\u001b[31m\\u0007" was removed in the last 30 days.');
    expect((await admin(['two-step-off', 'bob\u001b[2J'], '')).stderr.trim()).toBe(
      'Refused: There is no administrator called "bob\\u001b[2j".',
    );
  });

  it('explains its usage', async () => {
    const result = await admin([], '');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/npm run admin -- create <username>/);
  });
});
