import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleVendors, VENDOR_IMPORTS } from './vendor-bundles.ts';

const root = path.resolve(import.meta.dirname, '..');

function* scripts(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.m?js$/.test(entry.name)) yield path.join(entry.parentPath, entry.name);
  }
}

describe('Kysely and zod, each as one file', () => {
  let temporary = '';
  afterEach(() => fs.rmSync(temporary, { recursive: true, force: true }));

  // npm test builds before Vitest runs: this reads that build.
  it('are what the built server and the Astro bundle import, never the packages', async () => {
    await init;
    const imported = new Set<string>();
    const built = [...scripts(path.join(root, 'dist/server')), ...scripts(path.join(root, 'dist-node'))];
    for (const file of built) {
      if (file.startsWith(path.join(root, 'dist-node/vendor'))) continue;
      for (const { n } of parse(fs.readFileSync(file, 'utf8'))[0]) {
        if (n === undefined) continue;
        expect(Object.keys(VENDOR_IMPORTS), `${path.relative(root, file)} imports ${n}`).not.toContain(n);
        imported.add(n);
      }
    }
    for (const bundle of new Set(Object.values(VENDOR_IMPORTS))) expect(imported).toContain(bundle);
  });

  it('load as one copy each: the migrator migrates a database opened by the query builder, zod checks a field, and no file of either package is read', () => {
    temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-bundles-'));
    const script = path.join(temporary, 'check.mjs');
    fs.writeFileSync(
      script,
      `import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const { connect, migrateToLatest, appliedMigrations } = await import(${JSON.stringify(path.join(root, 'dist-node/core/db/connect.js'))});
const { requiredText } = await import(${JSON.stringify(path.join(root, 'dist-node/core/shared/fields.js'))});
const db = connect({ kind: 'sqlite', file: ${JSON.stringify(path.join(temporary, 'site.db'))} });
const applied = await migrateToLatest(db);
console.log(JSON.stringify({
  applied: applied.length,
  recorded: (await appliedMigrations(db)).length,
  refused: requiredText('Title', 5).safeParse('far too long').error?.issues[0]?.message,
  fromPackages: loaded.filter((url) => /node_modules\\/(kysely|zod)\\//.test(url)),
  bundles: loaded.filter((url) => url.includes('/dist-node/vendor/')).length,
}));
await db.destroy();
`,
    );
    // Under the condition npm start runs with, which package.json's "imports" reads.
    const run = spawnSync(process.execPath, ['--no-experimental-strip-types', '--conditions=club-built', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as {
      applied: number;
      recorded: number;
      refused: string;
      fromPackages: string[];
      bundles: number;
    };
    expect(result.applied).toBeGreaterThan(10);
    expect(result.recorded).toBe(result.applied);
    expect(result.refused).toMatch(/Title/);
    expect(result.fromPackages).toEqual([]);
    expect(result.bundles).toBeGreaterThanOrEqual(3);
  });

  it('are not made while package.json maps them elsewhere', async () => {
    temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-bundles-'));
    const imports = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).imports as Record<
      string,
      { 'club-built': string }
    >;
    imports['#vendor/zod.js']!['club-built'] = './elsewhere/zod.js';
    fs.writeFileSync(path.join(temporary, 'package.json'), JSON.stringify({ imports }));
    await expect(bundleVendors(temporary, 'dist-node')).rejects.toThrow('package.json "imports" must map "#vendor/zod.js"');
    expect(fs.existsSync(path.join(temporary, 'dist-node'))).toBe(false);
  });
});
