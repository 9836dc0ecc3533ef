import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'server',
  // The adapter builds a request handler; src/server/main.ts owns the HTTP server so that
  // migrations finish before the port opens and SIGTERM drains requests (docs/decisions/002).
  adapter: node({ mode: 'standalone', bodySizeLimit: 12 * 1024 * 1024 }),
  integrations: [
    // renderToString per component: no web stream per island (none of them suspends).
    react({ experimentalDisableStreaming: true }),
    {
      name: 'after-load-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'afterload', entrypoint: './src/directives/after-load.ts' });
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
    plugins: [tailwindcss()],
  },
});
