import { init, parse } from 'es-module-lexer';
import type { Plugin } from 'vite';

/**
 * Astro asks each renderer whether a component is its own before rendering it, unless the
 * component names its renderer under `Symbol.for('astro:renderer')` (as Astro's own JSX does).
 * React's answer renders the component once more inside a throwaway React tree: every React
 * component placed in an .astro file ran twice, two React renders, for each page (about a tenth
 * of an uncached page). This names React on every function a project .tsx module exports, in the
 * server build; React is the site's only framework (docs/decisions/028).
 */
const RENDERER = "Symbol.for('astro:renderer')";
const REACT = "'@astrojs/react'";

/** The module's code with each exported function named as React's; null when it exports none. */
export async function withReactRendererTag(code: string): Promise<string | null> {
  await init;
  const [, exports] = parse(code);
  const locals = exports.map((entry) => entry.ln).filter((name): name is string => Boolean(name));
  if (locals.length === 0) return null;
  return `${code}\nfor (const exported of [${locals.join(', ')}]) if (typeof exported === 'function') exported[${RENDERER}] = ${REACT};\n`;
}

/** Applies to the project's own .tsx modules (src/), in the server build only. */
export function reactRendererTag(sourceDir: string): Plugin {
  return {
    name: 'react-renderer-tag',
    apply: 'build',
    // After JSX and TypeScript are compiled away, so that the lexer reads plain JavaScript.
    enforce: 'post',
    async transform(code, id) {
      if (this.environment.config.consumer !== 'server' || !id.startsWith(sourceDir) || !id.endsWith('.tsx')) return null;
      const tagged = await withReactRendererTag(code);
      return tagged === null ? null : { code: tagged, map: null };
    },
  };
}
