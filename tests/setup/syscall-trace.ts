import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Debian's strace (scripts/ensure-test-tools.ts) attached to a running test server: what it asked
// of the file system, and when, for guarantees no request can show (what reaches the disk before
// an answer goes out).

/** One system call: when it was made (seconds, the wall clock), its name, and its arguments as strace wrote them (`-y`: paths of descriptors). */
export interface TracedCall {
  at: number;
  name: string;
  args: string;
}

const LINE = /^\d+\s+(\d+\.\d+)\s+(?:<\.\.\. )?([a-z0-9_]+)(?:\(| resumed>)(.*)$/;

/** Traces `calls` of process `pid` and all its threads while `action` runs. */
export async function traceCalls<T>(pid: number, calls: string[], action: () => Promise<T>): Promise<{ result: T; calls: TracedCall[] }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'club-trace-')), 'trace.txt');
  const strace = await attach(pid, ['-f', '-ttt', '-y', '-e', `trace=${calls.join(',')}`, '-o', file]);
  try {
    const result = await action();
    // Read once strace has detached and written out all it saw.
    await stop(strace);
    return { result, calls: readTrace(file) };
  } finally {
    await stop(strace);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** The calls that name a file or a folder, or read one's entries. */
const FOLDER_CALLS = [
  'openat',
  'statx',
  'newfstatat',
  'access',
  'faccessat',
  'faccessat2',
  'statfs',
  'getdents64',
  'unlinkat',
  'mkdir',
  'mkdirat',
  'renameat',
  'renameat2',
];

/** strace's arguments that hold each call on `dir` (for ten minutes), before the command or `-p` it is given. */
function folderHeld(dir: string): string[] {
  const calls = FOLDER_CALLS.join(',');
  return ['-f', '-P', dir, '-e', `trace=${calls}`, '-e', `inject=${calls}:delay_enter=600000000`, '-o', '/dev/null'];
}

/** startServer's `via` for a server started while `dir` does not answer (the held calls end with the server). */
export const withFolderHeld = (dir: string): string[] => [process.env.STRACE_PATH || '/usr/bin/strace', ...folderHeld(dir)];

/**
 * A folder whose disk stops answering (a network drive gone, a volume detached): each call of
 * process `pid` on `dir` waits in the kernel, here held by strace, until `release`.
 */
export async function holdFolder(pid: number, dir: string): Promise<{ release(): Promise<void> }> {
  const strace = await attach(pid, folderHeld(dir));
  return { release: () => stop(strace) };
}

/** strace with `args`, attached to process `pid` and all its threads (resolves once it says so). */
async function attach(pid: number, args: string[]): Promise<ChildProcess> {
  const strace = spawn(process.env.STRACE_PATH || '/usr/bin/strace', [...args, '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    strace.stderr.on('data', (chunk) => {
      said += chunk;
      if (/attached/.test(said)) resolve();
    });
    strace.once('exit', (code) => reject(new Error(`strace exited (${code}) before it attached: ${said}`)));
  });
  return strace;
}

async function stop(strace: ChildProcess): Promise<void> {
  if (strace.exitCode !== null || strace.signalCode !== null) return;
  const exited = once(strace, 'exit');
  strace.kill('SIGINT');
  await exited;
}

function readTrace(file: string): TracedCall[] {
  const calls: TracedCall[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = LINE.exec(line);
    // A call another thread interrupted is written in two lines: `name(args <unfinished ...>`, then
    // `<... name resumed>) = result`. The first has its arguments and when it was made.
    if (match && !line.includes('<... ')) calls.push({ at: Number(match[1]), name: match[2]!, args: match[3]! });
  }
  return calls;
}
