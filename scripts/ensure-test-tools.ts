// Run by `npm test` before the tests: finds the programs the tests drive, Chromium (CHROME_PATH or
// /usr/bin/chromium) for the browser tests, Caddy (CADDY_PATH or /usr/bin/caddy) for the HTTPS
// deployment test, strace (STRACE_PATH or /usr/bin/strace) for what reaches the disk and PgBouncer
// (PGBOUNCER_PATH or /usr/sbin/pgbouncer) for a host's pooled database address, installs Debian's
// packages when it can (root with apt-get), and otherwise says
// what to install. Nothing is ever downloaded from anywhere else.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

interface Tool {
  name: string;
  variable: string;
  fallback: string;
  debianPackage: string;
  purpose: string;
}

const TOOLS: Tool[] = [
  { name: 'Chromium', variable: 'CHROME_PATH', fallback: '/usr/bin/chromium', debianPackage: 'chromium', purpose: 'the browser tests' },
  { name: 'Caddy', variable: 'CADDY_PATH', fallback: '/usr/bin/caddy', debianPackage: 'caddy', purpose: 'the HTTPS deployment test' },
  {
    name: 'strace',
    variable: 'STRACE_PATH',
    fallback: '/usr/bin/strace',
    debianPackage: 'strace',
    purpose: 'the test of what reaches the disk',
  },
  {
    name: 'PgBouncer',
    variable: 'PGBOUNCER_PATH',
    fallback: '/usr/sbin/pgbouncer',
    debianPackage: 'pgbouncer',
    purpose: 'the test of a pooled database address',
  },
];

const pathOf = (tool: Tool) => process.env[tool.variable] || tool.fallback;
const missing = TOOLS.filter((tool) => !fs.existsSync(pathOf(tool)));
if (missing.length === 0) process.exit(0);

for (const tool of missing.filter((candidate) => process.env[candidate.variable])) {
  console.error(
    `${tool.variable} is set to ${pathOf(tool)}, but there is no file there. Point it at a ${tool.name} binary, or unset it to use ${tool.fallback}.`,
  );
  process.exit(1);
}

const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const packages = missing.map((tool) => tool.debianPackage);
if (isRoot && hasApt) {
  console.log(
    `Installing Debian's ${packages.map((name) => `"${name}"`).join(' and ')} for ${missing.map((tool) => tool.purpose).join(' and ')}...`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env }) : update;
  if (install.status === 0 && missing.every((tool) => fs.existsSync(pathOf(tool)))) process.exit(0);
  console.error('Installing with apt-get failed; see the output above.');
  process.exit(1);
}

console.error(
  [
    ...missing.map((tool) => `${tool.purpose} need ${tool.name}, and none was found at ${tool.fallback}.`),
    `Install Debian's packages:  sudo apt-get install ${packages.join(' ')}`,
    `or set ${missing.map((tool) => tool.variable).join(' and ')} to the binaries' paths.`,
  ].join('\n'),
);
process.exit(1);
