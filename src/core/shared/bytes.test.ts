import { expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

it('words sizes as a person reads them, limits whole', () => {
  expect(
    [0, 999, 1024, 256 * 1024, 1024 * 1024, 10 * 1024 * 1024, 1.25 * 1024 ** 3, 20 * 1024 ** 3, 2 * 1024 ** 4].map(formatBytes),
  ).toEqual(['0 bytes', '999 bytes', '1 KB', '256 KB', '1 MB', '10 MB', '1.3 GB', '20 GB', '2 TB']);
});
