import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILT_SERVER_FILE } from './site-templates.ts';

// A suite whose afterAll never ran (a hook over its time limit, a worker that died) leaves its
// server running: it was started in a process group of its own, so nothing stops it with the
// run. It then holds its port and data folder, and `npm run build` refuses while it runs from
// this folder. The run's global teardown stops such servers and says so.

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
const argsOf = (pid: number) => read(`/proc/${pid}/cmdline`)?.split('\0') ?? null;
const parentOf = (pid: number): number | null => {
  // The command's name, in parentheses, may hold spaces: the fields after its last ')' are fixed.
  const stat = read(`/proc/${pid}/stat`);
  return stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : null;
};
const groupOf = (pid: number): number | null => {
  const stat = read(`/proc/${pid}/stat`);
  return stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) : null;
};

/**
 * Whether a test file's process (a Vitest worker) started the group `group` and is still there,
 * other than a worker of the run `endedRun` (its main process), whose tests are all over.
 */
function startedByALiveWorker(group: number, endedRun: number | undefined): boolean {
  const parent = parentOf(group);
  if (parent === null || !(argsOf(parent)?.some((arg) => /[\\/]vitest([\\/]|$)/.test(arg)) ?? false)) return false;
  return endedRun === undefined || parentOf(parent) !== endedRun;
}

/**
 * Stops the built servers of this checkout that run on a test site (a `club-test-` data folder)
 * and that no live test worker started; answers their data folders, removed too. `endedRun`, the
 * main process of a run whose tests have all ended: its workers' servers too (the teardown runs
 * before they exit). Where there is no /proc, nothing.
 */
export function stopServersLeftRunning({
  serverFile = BUILT_SERVER_FILE,
  endedRun,
}: { serverFile?: string; endedRun?: number } = {}): string[] {
  const testSites = path.join(os.tmpdir(), 'club-test-');
  let pids: number[];
  try {
    pids = fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
  const stopped: string[] = [];
  for (const pid of pids) {
    if (!argsOf(pid)?.includes(serverFile)) continue;
    const dataDir = read(`/proc/${pid}/environ`)
      ?.split('\0')
      .find((entry) => entry.startsWith('DATA_DIR='))
      ?.slice('DATA_DIR='.length);
    const group = groupOf(pid);
    if (!dataDir?.startsWith(testSites) || group === null || startedByALiveWorker(group, endedRun)) continue;
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    stopped.push(dataDir);
  }
  return stopped;
}
