import { describe, expect, it } from 'vitest';
import { withoutIslandStyleElement } from './island-styles.ts';

describe('withoutIslandStyleElement', () => {
  it('drops the style element Astro writes in the body and leaves the rest alone', () => {
    const html =
      '<html><head><style>p{}</style></head><body><a class="skip-link">Skip</a><style>astro-island,astro-slot,astro-static-slot{display:contents}</style><script>x</script></body></html>';
    const read = (text: string) => Buffer.from(withoutIslandStyleElement(new Uint8Array(Buffer.from(text)))).toString();
    expect(read(html)).toBe('<html><head><style>p{}</style></head><body><a class="skip-link">Skip</a><script>x</script></body></html>');
    expect(read('<p>no islands, é</p>')).toBe('<p>no islands, é</p>');
  });
});
