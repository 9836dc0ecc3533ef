import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the load event, when the browser is idle (src/directives/after-load.ts). */
    'client:afterload'?: boolean;
  }
}
