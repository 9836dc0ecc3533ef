import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { isDatabaseDamaged } from './errors.ts';

// A failing disk damages a database without a word: SQLite answers what it can and fails only
// the reads that reach a damaged page, so the site looks well while its backups stop working.
// Damage is looked for at start and before every backup, and noted wherever it is met, so that
// the health check, Settings and the log say so until the database is restored.

/** Problems SQLite's own check reports, at most this many (the first says enough). */
const PROBLEMS_REPORTED = 10;

/** The database is damaged: what its check or its error said. */
export class DatabaseDamagedError extends Error {
  override name = 'DatabaseDamagedError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The database is damaged: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

/**
 * What is wrong with the database's files, or nothing. SQLite checks every page and index
 * (`PRAGMA integrity_check`: about 40 ms for 40 MB). PostgreSQL checks each page as it reads it
 * (data_corrupted), and a whole check needs an extension a host may not have: none here.
 */
export async function findDamage(db: Kysely<any>, kind: Config['database']['kind']): Promise<string[]> {
  if (kind !== 'sqlite') return [];
  const rows = await sql<Record<string, string>>`PRAGMA integrity_check(${sql.lit(PROBLEMS_REPORTED)})`
    .execute(db)
    .catch((error: unknown) => {
      if (isDatabaseDamaged(error)) return { rows: [{ problem: (error as Error).message }] };
      throw error;
    });
  const problems = rows.rows.map((row) => String(Object.values(row)[0]));
  return problems.length === 1 && problems[0] === 'ok' ? [] : problems;
}

/** The damage an error reports (a check's problems, or the database's own words), or null. */
export function damageIn(error: unknown): string[] | null {
  if (error instanceof DatabaseDamagedError) return error.problems;
  if (isDatabaseDamaged(error)) return [(error as Error).message];
  return null;
}

export interface DamageFound {
  at: Date;
  problems: string[];
}

/**
 * The damage this process has met, from the first time until it stops (a restore needs the server
 * stopped). The first finding is logged with what to do; later ones are the same failure again.
 */
export function createDamageRecord(deps: { log: Logger; advice: () => Promise<string> }) {
  let found: DamageFound | null = null;
  return {
    note(problems: string[]): void {
      if (found) return;
      found = { at: new Date(), problems };
      // The advice names the newest backup, read through the backup folder's gate: a folder that
      // does not answer delays this line by seconds, never the site (144).
      void deps.advice().then((advice) => deps.log.error({ problems }, `the database is damaged: ${advice}`));
    },
    found: (): DamageFound | null => found,
  };
}
export type DamageRecord = ReturnType<typeof createDamageRecord>;
