import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const COPIED = ['src', 'scripts', 'public', 'dist', 'dist-node', 'package.json', 'package-lock.json', 'astro.config.ts', 'tsconfig.json'];

/**
 * A copy of the project in a new temporary folder (its node_modules linked, not copied), for a
 * test that builds or runs Vite's development server: in the project itself either would rewrite
 * what other test files' servers load (dist/) or what the static checks read beside the tests
 * (Astro's generated types in .astro/).
 */
export function copyOfProject(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'club-copy-'));
  for (const entry of COPIED) fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}

/** How npm start runs the built server of a copy of the project. */
export const builtServerOf = (copy: string) => ({
  cwd: copy,
  args: ['--no-experimental-strip-types', '--conditions=club-built', path.join(copy, 'dist-node/server/main.js')],
});
