// `node scripts/build.ts [--if-needed]`: builds the Astro app, compresses its scripts and styles
// (docs/decisions/027) and compiles the server to JavaScript (026); with --if-needed, only when a
// source, the configuration, this build or the lockfile changed since the last build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { COMPILED_DIR, compileServer } from './compile-server.ts';
import { bundleVendors } from './vendor-bundles.ts';
import { keepPreviousAssets, takePreviousAssets } from './previous-assets.ts';
import { precompress } from '../src/server/http/static-files.ts';
import { BUILD_LOCK, SERVER_RUNNING_HERE } from '../src/server/build-lock.ts';
import { lockFile } from '../src/core/shared/file-lock.ts';
import { requireFolderOwner } from '../src/core/shared/folder-owner.ts';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.build-hash');
const inputs = [
  'src',
  'public',
  'astro.config.ts',
  'scripts/build.ts',
  'scripts/previous-assets.ts',
  'scripts/page-loaders-once.ts',
  'scripts/react-renderer-tag.ts',
  'scripts/compile-server.ts',
  'scripts/vendor-bundles.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) {
      if (name.endsWith('.test.ts')) continue;
      yield* files(path.join(entry, name));
    }
  } else {
    yield entry;
  }
}

const hash = createHash('sha256');
for (const input of inputs) {
  for (const file of files(input)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
}
const digest = hash.digest('hex');

const ifNeeded = process.argv.includes('--if-needed');
const compiledMain = path.join(root, COMPILED_DIR, 'server', 'main.js');
if (ifNeeded && fs.existsSync(stampFile) && fs.existsSync(compiledMain) && fs.readFileSync(stampFile, 'utf8') === digest) {
  console.log('Build is up to date.');
  process.exit(0);
}

try {
  requireFolderOwner([root], 'npm run build');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// Held to the end of the build: no server runs from a folder being rebuilt, nor starts in one.
const building = lockFile(BUILD_LOCK, 'exclusive');
if (!building) {
  console.error(SERVER_RUNNING_HERE);
  process.exit(1);
}

const assetsDir = path.join(root, 'dist', 'client', '_astro');
const assetsList = path.join(root, 'dist', '.build-assets.json');
const previousAssets = takePreviousAssets(assetsDir, assetsList);
const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
const result = spawnSync(process.execPath, [astro, 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);
precompress(path.join(root, 'dist', 'client'));
keepPreviousAssets(assetsDir, assetsList, previousAssets);
compileServer(root);
await bundleVendors(root, COMPILED_DIR);
fs.writeFileSync(stampFile, digest);
