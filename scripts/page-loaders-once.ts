import type { Plugin } from 'vite';

/**
 * Astro's server entry maps each page to a loader, `() => import(...)`, and calls it on every
 * request: the module loads once, but each call still resolves the specifier and runs Node's
 * dynamic-import bookkeeping (about 3 % of an uncached page's time). This keeps each loader's
 * promise after its first call; importing a module again answers the same module anyway.
 */
const LOADER = /^(var _page\d+ = )(\(\) => import\("[^"]+"\)(?:\.then\(\(\w+\) => \w+\.\w+\))?);$/gm;
const ONCE = 'const __loadOnce = (load) => { let loaded; return () => (loaded ??= load()); };\n';

/** The entry's code with its page loaders kept once loaded; null for code without them. */
export function withPageLoadersOnce(code: string): string | null {
  const wrapped = code.replace(LOADER, '$1__loadOnce($2);');
  return wrapped === code ? null : ONCE + wrapped;
}

/** A build whose entry no longer has this shape is left as it is (tested on the real build). */
export function pageLoadersOnce(): Plugin {
  return {
    name: 'page-loaders-once',
    apply: 'build',
    renderChunk(code, chunk) {
      if (this.environment.config.consumer !== 'server' || !chunk.isEntry) return null;
      const wrapped = withPageLoadersOnce(code);
      return wrapped === null ? null : { code: wrapped, map: null };
    },
  };
}
