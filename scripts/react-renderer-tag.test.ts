import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withReactRendererTag } from './react-renderer-tag.ts';

const RENDERER = Symbol.for('astro:renderer');

/** Imports module code from a file, as the server does, and answers its exports. */
async function load(code: string): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderer-tag-'));
  try {
    fs.writeFileSync(path.join(dir, 'module.mjs'), code);
    return (await import(pathToFileURL(path.join(dir, 'module.mjs')).href)) as Record<string, unknown>;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('React named as the renderer of project components', () => {
  it("names React on every exported function, so that Astro renders each component once, without asking React's check", async () => {
    const code = [
      'export function SiteHeader() { return null; }',
      'const Footer = () => null;',
      'export { Footer as SiteFooter };',
      'export const NAV_LABEL = "Main";',
    ].join('\n');
    const tagged = await withReactRendererTag(code);
    expect(tagged).not.toBeNull();
    const { SiteHeader, SiteFooter, NAV_LABEL } = await load(tagged!);
    expect((SiteHeader as Record<symbol, unknown>)[RENDERER]).toBe('@astrojs/react');
    expect((SiteFooter as Record<symbol, unknown>)[RENDERER]).toBe('@astrojs/react');
    expect(NAV_LABEL).toBe('Main');
  });

  it('leaves a module that exports nothing of its own alone', async () => {
    expect(await withReactRendererTag('export { Toaster } from "./toaster.js";\nconst x = 1;')).toBeNull();
  });

  it('applies to the built server: the layout header is named, so Astro skips the check render', () => {
    // npm test builds before Vitest runs; a build without the plugin fails here.
    const chunks = path.resolve(import.meta.dirname, '../dist/server/chunks');
    const layout = fs.readdirSync(chunks).find((name) => name.startsWith('SiteLayout_'));
    expect(layout).toBeDefined();
    const built = fs.readFileSync(path.join(chunks, layout!), 'utf8');
    expect(built).toMatch(
      /for \(const exported of \[[^\]]*\bSiteHeader\b[^\]]*\]\) if \(typeof exported === "function"\) exported\[Symbol\.for\("astro:renderer"\)\] = "@astrojs\/react";/,
    );
  });
});
