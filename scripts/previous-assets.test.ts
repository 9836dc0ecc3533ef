import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { keepPreviousAssets, takePreviousAssets } from './previous-assets.ts';

/** Stands in for `astro build`: empties the folder and writes this build's files. */
function build(dir: string, names: string[]): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const name of names) fs.writeFileSync(path.join(dir, name), `contents of ${name}`);
}

it('keeps the files of one build back beside the new ones, and drops those of two builds back', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-assets-'));
  const dir = path.join(root, '_astro');
  const list = path.join(root, '.assets.json');
  const deploy = (names: string[]) => {
    const previous = takePreviousAssets(dir, list);
    build(dir, names);
    return keepPreviousAssets(dir, list, previous);
  };

  expect(deploy(['app.A1.js', 'editor.E1.js', 'shared.S.js'])).toBe(0);
  // The editor changed: its old file stays for pages opened before; the unchanged one is not doubled.
  expect(deploy(['app.A2.js', 'editor.E2.js', 'shared.S.js'])).toBe(2);
  expect(fs.readdirSync(dir).sort()).toEqual(['app.A1.js', 'app.A2.js', 'editor.E1.js', 'editor.E2.js', 'shared.S.js']);
  expect(fs.readFileSync(path.join(dir, 'editor.E1.js'), 'utf8')).toBe('contents of editor.E1.js');
  // A third build: the first build's files go.
  deploy(['app.A3.js', 'editor.E2.js', 'shared.S.js']);
  expect(fs.readdirSync(dir).sort()).toEqual(['app.A2.js', 'app.A3.js', 'editor.E2.js', 'shared.S.js']);
  fs.rmSync(root, { recursive: true, force: true });
});
