import { expect, it } from 'vitest';
import { preview } from './earlier-versions.tsx';

it('shows the start of a long text, cut at a word, with its lines run together', () => {
  expect(preview('Dens\n\nand   memories.')).toBe('Dens and memories.');
  const long = `${'word '.repeat(40)}end`;
  const shown = preview(long);
  expect(shown.endsWith('word…')).toBe(true);
  expect(shown.length).toBeLessThanOrEqual(161);
  // One word longer than the preview is cut where the preview ends.
  expect(preview('x'.repeat(500))).toBe(`${'x'.repeat(160)}…`);
});
