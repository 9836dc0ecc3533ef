// Part of the build: Kysely and zod, each as one file in dist-node/vendor/, which the compiled
// server and the Astro bundle import instead of the packages' own files (docs/decisions/089).
// Kysely ships some 260 modules and zod some 100: more than half of what a server loads at start,
// and Node resolves, reads and compiles each one. Loading Kysely took 150–200 ms of CPU from its
// files and 14 ms from one; zod 70 ms and 30 ms. Every start pays it: a restart on the host, and
// each of the 240-odd servers a test run starts.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Each bundle in dist-node/vendor/ and the package specifiers it answers: the first is what it is
 * made from. Astro's runtime imports zod/v4 (for its CSP settings), the same API as zod: one copy.
 */
const BUNDLES: Readonly<Record<string, readonly string[]>> = {
  kysely: ['kysely'],
  'kysely-migration': ['kysely/migration'],
  zod: ['zod', 'zod/v4'],
};

/** Each package specifier the server imports, and the specifier package.json's "imports" maps to its bundle. */
export const VENDOR_IMPORTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(BUNDLES).flatMap(([name, specifiers]) => specifiers.map((specifier) => [specifier, `#vendor/${name}.js`])),
);

/**
 * Writes the bundles into `<compiledDir>/vendor/`. Kysely's two entries share a chunk, so that
 * the migrator and the query builder use one copy of Kysely's classes. Throws unless package.json's
 * "imports" maps each bundle's name to its file under the club-built condition and to the package
 * itself otherwise: the two lists must agree.
 */
export async function bundleVendors(root: string, compiledDir: string): Promise<void> {
  const imports = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports: Record<string, unknown> }).imports;
  for (const [name, [entry]] of Object.entries(BUNDLES)) {
    const expected = { 'club-built': `./${compiledDir}/vendor/${name}.js`, default: entry };
    if (JSON.stringify(imports[`#vendor/${name}.js`]) !== JSON.stringify(expected)) {
      throw new Error(`package.json "imports" must map "#vendor/${name}.js" to ${JSON.stringify(expected)}`);
    }
  }
  await build({
    absWorkingDir: root,
    entryPoints: Object.entries(BUNDLES).map(([out, [entry]]) => ({ in: entry!, out })),
    outdir: path.join(root, compiledDir, 'vendor'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    chunkNames: 'shared-[hash]',
    logLevel: 'warning',
    // Kept readable: a stack trace through Kysely or zod should name their functions.
    minify: false,
  });
}
