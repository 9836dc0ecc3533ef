import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the load event, when the browser is idle (src/directives/after-load.ts). */
    'client:afterload'?: boolean;
    /** Hydrate at the first touch, key or focus inside the island, or when the named window event comes (src/directives/on-demand.ts). */
    'client:ondemand'?: boolean | string;
  }
}
