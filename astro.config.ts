import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pageLoadersOnce } from './scripts/page-loaders-once.ts';
import { reactRendererTag } from './scripts/react-renderer-tag.ts';
import { VENDOR_IMPORTS } from './scripts/vendor-bundles.ts';

const coreDir = fileURLToPath(new URL('./src/core/', import.meta.url));
const sourceDir = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The server bundle imports src/core from its source files instead of holding a copy, so that
 * src/server/main.ts and the pages share one instance of every core module: one context, one
 * database pool, error classes that instanceof recognises (docs/decisions/016). Node runs the
 * TypeScript as it is (type stripping; core uses erasable syntax only). The browser bundles
 * still take what they need from core (the zod schemas).
 */
function oneCorePerProcess(): Plugin {
  return {
    name: 'one-core-per-process',
    // Vite's development server loads every source file itself; under `npm run dev` the pages
    // hold a second core, with a context of their own (development only).
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== 'server' || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.startsWith(coreDir) || resolved.external) return null;
      // A bare specifier that package.json's "imports" maps to ./src/core/: Node resolves it to
      // the very file main.ts imports, wherever the project lives.
      return { id: `#core/${path.relative(coreDir, resolved.id).split(path.sep).join('/')}`, external: true };
    },
  };
}

/**
 * The server bundle imports Kysely and zod from the one-file copies the build makes, as the
 * compiled src/core does: one copy of each per process, loaded in a few milliseconds
 * (scripts/vendor-bundles.ts, docs/decisions/089). Under the default condition the same
 * specifiers lead to the packages.
 */
function vendorBundles(): Plugin {
  return {
    name: 'vendor-bundles',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (this.environment.config.consumer !== 'server' || !Object.hasOwn(VENDOR_IMPORTS, source)) return null;
      return { id: VENDOR_IMPORTS[source]!, external: true };
    },
  };
}

export default defineConfig({
  output: 'server',
  // The adapter builds a request handler; src/server/main.ts owns the HTTP server so that
  // migrations finish before the port opens and SIGTERM drains requests (docs/decisions/002),
  // and answers the static files itself, from memory: 'middleware' is Astro's handler without
  // its static one (docs/decisions/029).
  adapter: node({ mode: 'middleware', bodySizeLimit: 12 * 1024 * 1024 }),
  integrations: [
    // renderToString per component: no web stream per island (none of them suspends).
    react({ experimentalDisableStreaming: true }),
    {
      name: 'client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'afterload', entrypoint: './src/directives/after-load.ts' });
          addClientDirective({ name: 'ondemand', entrypoint: './src/directives/on-demand.ts' });
        },
      },
    },
  ],
  // Astro's check answers 403 to bearer-authenticated multipart calls from scripts; the
  // middleware checks the origin itself wherever a cookie authenticates a write.
  security: { checkOrigin: false },
  server: { port: 3000 },
  // One small stylesheet inlined saves a render-blocking round trip on a slow phone network.
  build: { inlineStylesheets: 'always' },
  vite: {
    plugins: [tailwindcss(), oneCorePerProcess(), vendorBundles(), pageLoadersOnce(), reactRendererTag(sourceDir)],
  },
});
