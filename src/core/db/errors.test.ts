import { describe, expect, it } from 'vitest';
import { isDatabaseDamaged, isDatabaseReadOnly, isDatabaseUnavailable, isDiskUnwritable, isMissingTable } from './errors.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const sqliteError = (errcode: number, message: string) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });

describe('a damaged database', () => {
  it('is told from an outage on both engines: retrying does not mend it', () => {
    expect(isDatabaseDamaged(sqliteError(11, 'database disk image is malformed'))).toBe(true);
    expect(isDatabaseDamaged(sqliteError(26, 'file is not a database'))).toBe(true);
    // An extended code keeps its primary code in the low byte (SQLITE_CORRUPT_INDEX = 779).
    expect(isDatabaseDamaged(sqliteError(779, 'database disk image is malformed'))).toBe(true);
    expect(isDatabaseDamaged(pgError('XX001', 'invalid page in block 0 of relation base/16384/16385'))).toBe(true);
    expect(isDatabaseDamaged(pgError('XX002', 'index "events_pkey" contains unexpected zero page'))).toBe(true);
    for (const outage of [sqliteError(5, 'database is locked'), sqliteError(13, 'database or disk is full'), pgError('57P01')]) {
      expect(isDatabaseDamaged(outage)).toBe(false);
      expect(isDatabaseUnavailable(outage)).toBe(true);
    }
    expect(isDatabaseUnavailable(sqliteError(11, 'database disk image is malformed'))).toBe(false);
    expect(isDatabaseDamaged(new Error('something else'))).toBe(false);
    expect(isDatabaseDamaged('XX001')).toBe(false);
  });

  it('a missing table is a new database, not damage', () => {
    expect(isMissingTable(sqliteError(1, 'no such table: events'))).toBe(true);
    expect(isMissingTable(pgError('42P01', 'relation "events" does not exist'))).toBe(true);
    expect(isMissingTable(sqliteError(11, 'database disk image is malformed'))).toBe(false);
  });
});

describe('a disk that takes no writes', () => {
  it('is told from an outage and from a read that failed (docs/decisions/131)', () => {
    expect(isDiskUnwritable(sqliteError(778, 'disk I/O error'))).toBe(true); // SQLITE_IOERR_WRITE
    expect(isDiskUnwritable(sqliteError(1034, 'disk I/O error'))).toBe(true); // SQLITE_IOERR_FSYNC
    expect(isDiskUnwritable(sqliteError(8, 'attempt to write a readonly database'))).toBe(true);
    expect(isDiskUnwritable(pgError('58030', 'could not write to file'))).toBe(true);
    for (const other of [
      sqliteError(266, 'disk I/O error'),
      sqliteError(5, 'database is locked'),
      sqliteError(13, 'database or disk is full'),
      pgError('57P01'),
    ])
      expect(isDiskUnwritable(other)).toBe(false);
    expect(isDatabaseReadOnly(pgError('25006', 'cannot execute INSERT in a read-only transaction'))).toBe(true);
    expect(isDatabaseReadOnly(sqliteError(8, 'attempt to write a readonly database'))).toBe(false);
  });
});
