// Run by `npm test` before the browser tests: finds Chromium at CHROME_PATH or /usr/bin/chromium,
// installs Debian's package when it can (root with apt-get), and otherwise says what to install.
// Browsers are never downloaded from anywhere else.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const target = process.env.CHROME_PATH || '/usr/bin/chromium';
if (fs.existsSync(target)) process.exit(0);

if (process.env.CHROME_PATH) {
  console.error(
    `CHROME_PATH is set to ${target}, but there is no file there. Point it at a Chromium binary, or unset it to use /usr/bin/chromium.`,
  );
  process.exit(1);
}

const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt) {
  console.log('Chromium is missing: installing Debian\'s package "chromium" for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }) : update;
  if (install.status === 0 && fs.existsSync(target)) process.exit(0);
  console.error('Installing Chromium with apt-get failed; see the output above.');
  process.exit(1);
}

console.error(
  [
    'The browser tests need Chromium, and none was found at /usr/bin/chromium.',
    "Install Debian's package:  sudo apt-get install chromium",
    'or set CHROME_PATH to the path of a Chromium or Chrome binary.',
  ].join('\n'),
);
process.exit(1);
