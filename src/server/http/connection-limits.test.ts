import { describe, expect, it } from 'vitest';
import { connectionCap, openFilesLimit, RESERVED_FILES } from './connection-limits.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the connection cap', () => {
  it('reads the soft open-files limit, and nothing from an unlimited or missing line', () => {
    expect(openFilesLimit(LIMITS)).toBe(1024);
    expect(openFilesLimit(LIMITS.replace('1024   ', 'unlimited'))).toBeNull();
    expect(openFilesLimit('Max cpu time unlimited unlimited seconds')).toBeNull();
  });

  it('keeps files for the database and photos when the limit is lower than the setting', () => {
    expect(connectionCap(4000, 1024)).toBe(1024 - RESERVED_FILES);
    expect(connectionCap(4000, 1_048_576)).toBe(4000);
    expect(connectionCap(4000, null)).toBe(4000);
    expect(connectionCap(4000, 100)).toBe(1);
  });
});
