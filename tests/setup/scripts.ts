import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ScriptRun {
  code: number | null;
  /** What it printed, both streams. */
  out: string;
}

type ScriptName = 'backup' | 'restore' | 'images-gc' | 'backup-key' | 'admin';

/**
 * Starts scripts/{name}.ts with the project's Node, as `npm run {name}` does, with `env` (and
 * `nodeArgs` for Node itself, such as a heap cap), and `input` on its standard input: the running
 * process (for a test that kills it half-way), and its end.
 */
export function startScript(
  name: ScriptName,
  args: string[],
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
  input = '',
): { child: ChildProcess; done: Promise<ScriptRun> } {
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts', `${name}.ts`), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  // A script that exits without reading its input closes the pipe: not an error here.
  child.stdin.on('error', () => {});
  child.stdin.end(input);
  return { child, done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, out }))) };
}

/** startScript, to its end. */
export function runScript(...args: Parameters<typeof startScript>): Promise<ScriptRun> {
  return startScript(...args).done;
}
