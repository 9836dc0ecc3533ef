// What a database error means for the person who caused it, on either engine. pg errors carry
// SQLSTATE codes (or a Node socket code); node:sqlite errors carry SQLite's extended codes.

type DbError = Error & { code?: string; errcode?: number; errstr?: string };

const asDbError = (error: unknown): DbError | null => (error instanceof Error ? error : null);

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;
// Primary result codes (the low byte of an extended code).
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;

/** A unique index refused the row: somebody else stored the same name first. */
export function isUniqueViolation(error: unknown): boolean {
  const e = asDbError(error);
  if (!e) return false;
  if (e.code === '23505') return true;
  return e.errcode === SQLITE_CONSTRAINT_UNIQUE || e.errcode === SQLITE_CONSTRAINT_PRIMARYKEY || /UNIQUE constraint failed/.test(e.message);
}

/** A foreign key refused the write: the row names another row that is not there (any more). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = asDbError(error);
  if (!e) return false;
  return e.code === '23503' || e.errcode === SQLITE_CONSTRAINT_FOREIGNKEY || /FOREIGN KEY constraint failed/.test(e.message);
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// 08: connection exception; 57P01-57P03: shut down or starting; 53300: too many connections;
// 55000: e.g. "database does not allow connections"; 3D000: the database does not exist;
// 57014: the statement was cancelled (it ran past statement_timeout, waiting on a lock).
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|57014|53300|55000|3D000)$/;
const CONNECTION_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|timeout expired|Query read timeout|Connection refused|terminating connection|the database system is (starting up|shutting down)/i;

/** The database cannot be reached or cannot write right now; the same request may work later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = asDbError(error);
  if (!e) return false;
  if (e.code && (CONNECTION_CODES.has(e.code) || UNAVAILABLE_STATES.test(e.code))) return true;
  if (typeof e.errcode === 'number') {
    const primary = e.errcode & 0xff;
    return [SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN].includes(primary);
  }
  return CONNECTION_MESSAGES.test(e.message);
}

/** The database's disk is full: reads still work, writes cannot until someone makes room. */
export function isDiskFull(error: unknown): boolean {
  const e = asDbError(error);
  if (!e) return false;
  // PostgreSQL 53100 disk_full; SQLite SQLITE_FULL.
  return e.code === '53100' || (typeof e.errcode === 'number' && (e.errcode & 0xff) === SQLITE_FULL);
}

export const DISK_FULL =
  "The server's disk is full, so nothing can be saved right now. Please try again later, and tell whoever runs the site.";

/**
 * The database's disk takes no writes: SQLite's read-only or I/O errors (a failing disk that the
 * kernel has made read-only, errors=remount-ro), PostgreSQL's io_error (58030). Unlike an
 * unreachable database, a minute does not mend it: someone must look at the disk.
 */
export function isDiskUnwritable(error: unknown): boolean {
  const e = asDbError(error);
  if (!e) return false;
  if (e.code === '58030') return true;
  if (typeof e.errcode !== 'number' || READ_ERRORS.includes(e.errcode)) return false;
  return [SQLITE_READONLY, SQLITE_IOERR].includes(e.errcode & 0xff);
}

/** SQLITE_IOERR_READ and _SHORT_READ: a read that failed says nothing of writing. */
const READ_ERRORS = [266, 522];

/**
 * PostgreSQL takes no writes (25006, read_only_sql_transaction): a hosted database past its
 * storage quota is made read-only by its provider, or a standby was given as DATABASE_URL.
 */
export function isDatabaseReadOnly(error: unknown): boolean {
  return asDbError(error)?.code === '25006';
}

export const DATABASE_READ_ONLY =
  'The database takes no changes at the moment (it is read-only, most often because its storage is full), so nothing can be saved. The site still shows what it holds. Please tell whoever runs the site.';

export const DISK_UNWRITABLE =
  "The server's disk cannot be written to at the moment (it may be failing), so nothing can be saved. The site still shows what it holds. Please tell whoever runs the site.";

/** Text the database cannot store (PostgreSQL: NUL, or bytes outside the encoding). */
export function isUnstorableText(error: unknown): boolean {
  const code = asDbError(error)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * The database's own files are damaged (a failing disk, a copy taken mid-write): SQLite's
 * "database disk image is malformed" or "file is not a database", PostgreSQL's data_corrupted
 * (XX001) and index_corrupted (XX002). Trying again does not help; restoring a backup does.
 */
export function isDatabaseDamaged(error: unknown): boolean {
  const e = asDbError(error);
  if (!e) return false;
  if (e.code === 'XX001' || e.code === 'XX002') return true;
  return typeof e.errcode === 'number' && [SQLITE_CORRUPT, SQLITE_NOTADB].includes(e.errcode & 0xff);
}

/** What anyone who meets the damage is told (no paths: the log and the commands say where). */
export const DATABASE_DAMAGED =
  "The site's database is damaged, so this could not be done. Tell whoever runs the site: it needs restoring from the last good backup.";

/** The table is not there (yet): a new, empty database. */
export function isMissingTable(error: unknown): boolean {
  const e = asDbError(error);
  return e !== null && (e.code === '42P01' || /no such table/.test(e.message));
}

export const DATABASE_UNAVAILABLE = 'The site cannot reach its database at the moment. Please try again in a minute.';

/**
 * Two transactions each waited for a lock the other held, and PostgreSQL cancelled one (40P01),
 * or could not order them (40001): nothing of it was written, and running it again succeeds.
 * Writes that move images between rows can meet so (each holds its new image's key and deletes
 * its old one, which the other has just taken).
 */
export function isTransientConflict(error: unknown): boolean {
  const code = asDbError(error)?.code;
  return code === '40P01' || code === '40001';
}

export const SAVED_AT_ONCE = 'Another change was being saved at the same moment. Please try again.';
