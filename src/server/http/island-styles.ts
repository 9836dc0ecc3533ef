/**
 * The `<style>` element Astro writes inside `<body>` before a page's first island (its rule is
 * in src/styles/global.css, in `<head>`). HTML allows `<style>` only in `<head>`, so the W3C
 * checker fails every page with an island; Astro keeps it in the body for server-rendered
 * pages (withastro/astro#10308).
 */
const ISLAND_STYLE_ELEMENT = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

export function withoutIslandStyleElement(html: string): string {
  return html.replace(ISLAND_STYLE_ELEMENT, '');
}
