import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withPageLoadersOnce } from './page-loaders-once.ts';

describe('page loaders kept once loaded', () => {
  it('wraps each page loader of the entry, which then answers the same promise every time', async () => {
    const entry = [
      'var _page0 = () => import("./chunks/node.mjs").then((n) => n.t);',
      'var _page1 = () => import("./chunks/index.mjs");',
    ].join('\n');
    const wrapped = withPageLoadersOnce(entry);
    expect(wrapped).toContain('var _page0 = __loadOnce(() => import("./chunks/node.mjs").then((n) => n.t));');
    expect(wrapped).toContain('var _page1 = __loadOnce(() => import("./chunks/index.mjs"));');

    // The wrapped entry, run as a module: its loader answers the very same promise every time.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-loaders-'));
    try {
      fs.writeFileSync(path.join(dir, 'page.mjs'), 'export const page = "home";\n');
      fs.writeFileSync(
        path.join(dir, 'entry.mjs'),
        `${withPageLoadersOnce('var _page1 = () => import("./page.mjs");')}\nexport { _page1 };\n`,
      );
      const { _page1 } = (await import(pathToFileURL(path.join(dir, 'entry.mjs')).href)) as { _page1: () => Promise<{ page: string }> };
      const first = _page1();
      expect(_page1()).toBe(first);
      expect((await first).page).toBe('home');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves other code alone', () => {
    expect(withPageLoadersOnce('const lazyDialog = lazy(() => import("./dialog.mjs"));')).toBeNull();
  });

  it('applies to the built server entry (Astro still writes its loaders this way)', () => {
    // npm test builds before Vitest runs; a build whose entry changed shape fails here.
    const built = fs.readFileSync(path.resolve(import.meta.dirname, '../dist/server/entry.mjs'), 'utf8');
    expect(built).toMatch(/^var _page\d+ = __loadOnce\(\(\) => import\(/m);
    expect(built).not.toMatch(/^var _page\d+ = \(\) => import\(/m);
  });
});
