import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileServer } from './compile-server.ts';

describe('compiled server', () => {
  let root = '';
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes main.ts, what it imports and all of core as JavaScript that runs with type stripping off', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-server-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('package.json', '{ "type": "module" }');
    write(
      'src/server/main.ts',
      "import { greet } from '../core/greet.ts';\nimport type { Name } from './types.ts';\nconst name: Name = 'club';\nconst { shout } = await import('./shout.ts');\nconsole.log(shout(greet(name)));\n",
    );
    write('src/server/types.ts', 'export type Name = string;\n');
    write('src/server/shout.ts', 'export const shout = (text: string): string => text.toUpperCase();\n');
    write('src/server/unused.ts', 'export const unused = 1;\n');
    write('src/core/greet.ts', 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n');
    write('src/core/deep/other.ts', 'export const other: number = 2;\n');
    write('src/core/greet.test.ts', "import { greet } from './greet.ts';\n");

    const written = compileServer(root).sort();
    expect(written).toEqual(
      ['src/core/deep/other.ts', 'src/core/greet.ts', 'src/server/main.ts', 'src/server/shout.ts', 'src/server/types.ts'].map((file) =>
        file.split('/').join(path.sep),
      ),
    );
    expect(fs.existsSync(path.join(root, 'dist-node/server/unused.js'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'dist-node/core/greet.test.js'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'dist-node/server/main.js'), 'utf8')).toContain('from "../core/greet.js"');

    const run = spawnSync(process.execPath, ['--no-experimental-strip-types', path.join(root, 'dist-node/server/main.js')], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('HELLO CLUB');
  });

  it('imports Kysely and zod from their one-file copies (scripts/vendor-bundles.ts), types from nowhere', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-server-'));
    fs.mkdirSync(path.join(root, 'src/server'), { recursive: true });
    fs.mkdirSync(path.join(root, 'src/core'));
    fs.writeFileSync(path.join(root, 'src/server/main.ts'), "export { title } from '../core/schema.ts';\n");
    fs.writeFileSync(
      path.join(root, 'src/core/schema.ts'),
      [
        "import { z } from 'zod';",
        "import type { Kysely } from 'kysely';",
        "import { sql } from 'kysely';",
        "export { Migrator } from 'kysely/migration';",
        'export const title = z.string();',
        'export const now = sql`now()`;',
        "export const later = (db: Kysely<object>) => import('zod/v4').then(() => db);",
      ].join('\n'),
    );
    compileServer(root);
    const compiled = fs.readFileSync(path.join(root, 'dist-node/core/schema.js'), 'utf8');
    expect(compiled).toContain('import { z } from "#vendor/zod.js";');
    expect(compiled).toContain('import { sql } from "#vendor/kysely.js";');
    expect(compiled).toContain('export { Migrator } from "#vendor/kysely-migration.js";');
    expect(compiled).toContain('import("#vendor/zod.js")');
    expect(compiled).not.toMatch(/from ['"](kysely|zod)/);
  });
});
