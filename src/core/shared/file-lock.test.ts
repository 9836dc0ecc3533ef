import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lockFile } from './file-lock.ts';

/** Asks another process whether it can take the lock in `mode` now. */
function otherProcessCan(file: string, mode: 'shared' | 'exclusive'): boolean {
  const code = `import { lockFile } from ${JSON.stringify(path.join(import.meta.dirname, 'file-lock.ts'))}; process.stdout.write(String(lockFile(${JSON.stringify(file)}, '${mode}') !== null));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout === 'true';
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-lock-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

it('lets several processes share it, one alone hold it, and ends with its holder', () => {
  const file = path.join(folder, 'x.lock');
  const shared = lockFile(file, 'shared')!;
  expect(otherProcessCan(file, 'shared')).toBe(true);
  expect(otherProcessCan(file, 'exclusive')).toBe(false);
  shared.release();
  expect(otherProcessCan(file, 'exclusive')).toBe(true);
  const alone = lockFile(file, 'exclusive')!;
  expect(otherProcessCan(file, 'shared')).toBe(false);
  alone.release();
  // A process that ended (the spawned ones above) left nothing held.
  expect(lockFile(file, 'exclusive')).not.toBeNull();
});

it('throws, rather than answering "held", where no lock file can be made', () => {
  const notAFolder = path.join(folder, 'file');
  fs.writeFileSync(notAFolder, '');
  expect(() => lockFile(path.join(notAFolder, 'x.lock'), 'shared')).toThrow();
});
