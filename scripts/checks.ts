// npm test's static checks (lint, format, unused code, types), side by side: one after another
// they took about 70 s of a run that must stay under 10 minutes on 2 cores; together about 45 s.
// Astro's generated types are written once first, since eslint and `astro check` both read them
// and two writers at once could leave one reading a half-written file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Beside the tests (scripts/test.ts), the checks take only the CPU the test files leave idle:
// timing-sensitive tests see the machine as if the checks were not there. Their processes inherit
// it. With the kernel's autogroups (on by default) a nice value only ranks processes within one
// session, and the test servers each have their own: so scripts/test.ts starts this in a session of
// its own, and its session's nice value is set too.
if (process.argv.includes('--low-priority')) {
  os.setPriority(19);
  // Only as the leader of a session of its own: otherwise the session is the terminal's (or the tests').
  if (leadsOwnSession()) {
    try {
      fs.writeFileSync('/proc/self/autogroup', '19');
    } catch {
      // no autogroups here: the nice value above is enough
    }
  }
}

function leadsOwnSession(): boolean {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // After "pid (command) ": state, parent, process group, session.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]) === process.pid;
  } catch {
    return false;
  }
}

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', STATIC_CHECKS: '1' };

const CHECKS: { name: string; command: string; args: string[] }[] = [
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  { name: 'format:check', command: bin('prettier'), args: ['--check', '.'] },
  { name: 'knip', command: bin('knip'), args: [] },
  { name: 'typecheck', command: bin('astro'), args: ['check', '--noSync'] },
];

/** Runs one command to its end, its output kept (not interleaved with the others'). */
function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const sync = await run(bin('astro'), ['sync', '--silent']);
if (sync.code !== 0) {
  process.stdout.write(sync.output);
  console.error('astro sync failed');
  process.exit(1);
}
const results = await Promise.all(CHECKS.map(async (check) => ({ ...check, ...(await run(check.command, check.args)) })));
const failed = results.filter((result) => result.code !== 0);
for (const result of results) {
  // A passing check's output is noise beside a failure; a failing one's is the point.
  if (result.code !== 0 || failed.length === 0) process.stdout.write(`\n> ${result.name}\n${result.output.trimEnd()}\n`);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((result) => result.name).join(', ')}`);
  process.exit(1);
}
