import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../core/shared/errors.ts';
import { unlessNotFound } from './unless-not-found.ts';

describe('unlessNotFound', () => {
  it('turns only a missing item into null', async () => {
    await expect(unlessNotFound(Promise.resolve(1))).resolves.toBe(1);
    await expect(unlessNotFound(Promise.reject(new NotFoundError('News item')))).resolves.toBeNull();
    await expect(unlessNotFound(Promise.reject(new Error('database is down')))).rejects.toThrow('database is down');
  });
});
