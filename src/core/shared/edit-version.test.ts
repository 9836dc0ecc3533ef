import { describe, expect, it } from 'vitest';
import { checkVersion, nextVersion } from './edit-version.ts';
import { EditConflictError } from './errors.ts';

describe('edit versions', () => {
  it('lets through an update from the current version, or one that names none', () => {
    expect(() => checkVersion('event', '2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z')).not.toThrow();
    expect(() => checkVersion('event', '2026-11-24T10:00:00.000Z', undefined)).not.toThrow();
  });

  it('refuses an update from an older version, naming the current one', () => {
    let error: unknown;
    try {
      checkVersion('event', '2026-11-24T10:00:01.000Z', '2026-11-24T10:00:00.000Z');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(EditConflictError);
    expect((error as EditConflictError).currentVersion).toBe('2026-11-24T10:00:01.000Z');
    expect((error as EditConflictError).message).toMatch(/^This event was changed by someone else/);
  });

  it('always moves the version forward', () => {
    expect(nextVersion('2026-11-24T10:00:01.000Z', '2026-11-24T10:00:00.000Z')).toBe('2026-11-24T10:00:01.000Z');
    expect(nextVersion('2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z')).toBe('2026-11-24T10:00:00.001Z');
    expect(nextVersion('2026-11-24T09:00:00.000Z', '2026-11-24T10:00:00.000Z')).toBe('2026-11-24T10:00:00.001Z');
  });
});
