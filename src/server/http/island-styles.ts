/**
 * The `<style>` element Astro writes inside `<body>` before a page's first island (its rule is
 * in src/styles/global.css, in `<head>`). HTML allows `<style>` only in `<head>`, so the W3C
 * checker fails every page with an island; Astro keeps it in the body for server-rendered
 * pages (withastro/astro#10308).
 */
const ISLAND_STYLE_ELEMENT = Buffer.from('<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>');

/** On the page's UTF-8 bytes: the middleware never decodes a page, which cost a tenth of a large page's render. */
export function withoutIslandStyleElement(page: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const at = bytes.indexOf(ISLAND_STYLE_ELEMENT);
  if (at < 0) return page;
  return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + ISLAND_STYLE_ELEMENT.byteLength)]);
}
