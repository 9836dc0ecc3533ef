// The last step of `npm test` (after the build): the static checks (scripts/checks.ts) and the test
// files at the same time. One after the other, the checks' 45 s came on top of the tests' ten
// minutes on 2 cores; beside them, at the lowest priority, they take only the CPU the test files
// leave idle while they wait on servers and Chromium (docs/decisions/067). Arguments go to Vitest.
// Both always run to their end; the checks' report comes after the tests', and either failing fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// In a session of its own (detached), whose priority checks.ts lowers, not the tests'.
const checks = spawn(process.execPath, [path.join(root, 'scripts/checks.ts'), '--low-priority'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const report: Buffer[] = [];
checks.stdout.on('data', (chunk: Buffer) => report.push(chunk));
checks.stderr.on('data', (chunk: Buffer) => report.push(chunk));
const checked = new Promise<number>((resolve) => {
  checks.on('error', (error) => {
    report.push(Buffer.from(`${error.message}\n`));
    resolve(1);
  });
  checks.on('close', (code) => resolve(code ?? 1));
});

const vitest = spawn(path.join(root, 'node_modules/.bin/vitest'), ['run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
const tested = new Promise<number>((resolve) => {
  vitest.on('error', () => resolve(1));
  vitest.on('close', (code) => resolve(code ?? 1));
});
// Ctrl-C (which the checks' own session does not see) or a signal to this process: passed on,
// to every process of the checks.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    try {
      process.kill(-checks.pid!, signal);
    } catch {
      // already ended
    }
    vitest.kill(signal);
  });
}

const testsCode = await tested;
const checksCode = await checked;
process.stdout.write(`\nStatic checks (lint, format, unused code, types), run beside the tests:\n`);
process.stdout.write(Buffer.concat(report));
process.exit(testsCode !== 0 ? testsCode : checksCode);
