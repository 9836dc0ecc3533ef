// Part of npm run bench: the site as it was before the page cache (issue 13's "today"), built from
// this repository's history, so that a cache miss is compared with it in the same run. The issue's
// target for a miss is "at least 4 × today's throughput"; its "1,000 requests/s" is that ratio on
// the issue writer's machine, and these machines differ by half from one day to the next.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../tests/setup/start-server.ts';

/** The last commit before issue 13's work (its first commit, e605845, added the page cache). */
export const BASELINE_COMMIT = 'e0b8a52';

const root = path.resolve(import.meta.dirname, '..');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`.slice(0, 2000));
}

/**
 * The baseline's files, installed and built once in the system's temporary folder (about half a
 * minute with npm's cache warm), then reused by later runs. Not under node_modules: Node does not
 * run TypeScript from there.
 */
function prepare(): string {
  const dir = path.join(os.tmpdir(), `club-bench-baseline-${BASELINE_COMMIT}`);
  if (fs.existsSync(path.join(dir, 'dist/server/entry.mjs'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  run('sh', ['-c', `git -C "${root}" archive ${BASELINE_COMMIT} | tar -x -C "${dir}"`], root);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  run(process.execPath, ['scripts/build.ts'], dir, { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' });
  return dir;
}

/**
 * Starts the baseline on its own demo content, as its `npm start` did: its TypeScript run by Node,
 * NODE_ENV unset. Null, with the reason printed, when it cannot be had (a clone without history,
 * no registry).
 */
export async function startBaseline(dataDir: string): Promise<RunningServer | null> {
  try {
    const dir = prepare();
    run(process.execPath, ['scripts/demo.ts'], dir, { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SITE_TIMEZONE: 'Europe/London' });
    return await startServer(
      { DATA_DIR: dataDir, SITE_TIMEZONE: 'Europe/London', MALLOC_ARENA_MAX: undefined, MALLOC_TRIM_THRESHOLD_: undefined },
      { cwd: dir, args: ['src/server/main.ts'] },
    );
  } catch (error) {
    console.log(
      `  (the baseline ${BASELINE_COMMIT} could not be started: ${(error as Error).message.replaceAll('\n', ' ').slice(0, 300)})`,
    );
    return null;
  }
}
