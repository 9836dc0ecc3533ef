import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeLockfile, missingOptionalPackages, type Lockfile } from './complete-lockfile.ts';

const root = path.resolve(import.meta.dirname, '..');
const committed = (): Lockfile => JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

describe('package-lock.json', () => {
  it('lists every optional platform package, so npm ci accepts it', () => {
    expect(missingOptionalPackages(committed())).toEqual([]);
  });

  it('is accepted by npm ci (checked with --dry-run --offline on a copy, without touching node_modules)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-'));
    try {
      for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(root, file), path.join(dir, file));
      // --offline: the check needs no registry, and tests contact no host outside this machine.
      const run = spawnSync('npm', ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.stderr).not.toContain('Missing:');
      expect(run.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('completes a lockfile with the platform fields npm uses to skip other machines', () => {
    const lock: Lockfile = {
      packages: {
        '': { name: 'x' },
        'node_modules/tool': { version: '1.0.0', optionalDependencies: { 'tool-linux-x64-gnu': '1.0.0', 'tool-darwin-arm64': '1.0.0' } },
        'node_modules/tool-linux-x64-gnu': { version: '1.0.0', optional: true },
      },
    };
    expect(missingOptionalPackages(lock)).toEqual([['tool-darwin-arm64', '1.0.0']]);
    const done = completeLockfile(lock);
    expect(done.packages['node_modules/tool-darwin-arm64']).toEqual({ version: '1.0.0', cpu: ['arm64'], optional: true, os: ['darwin'] });
    expect(Object.keys(done.packages)[0]).toBe('');
    expect(missingOptionalPackages(done)).toEqual([]);
    expect(() => completeLockfile({ packages: { 'node_modules/a': { optionalDependencies: { 'a-plan9': '1' } } } })).toThrow(
      /platform suffix/,
    );
  });
});
