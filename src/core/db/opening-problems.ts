// Why PostgreSQL could not be opened, said to the person who set DATABASE_URL, and whether waiting
// may mend it: a server started beside its database (a container, a machine's boot) meets a
// database not yet answering, which a few seconds mend; a wrong password never mends
// (docs/decisions/134).

import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from './errors.ts';

type ConnectError = Error & { code?: string };

/** Node's codes for a certificate it could not verify. */
const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
]);
/** A protocol violation: what a pooler answers when it refuses a login (waiting does not mend it). */
const REFUSED_BY_A_POOLER = '08P01';

export interface OpeningProblem {
  /** What happened and what to do, in one or two sentences. */
  sentence: string;
  /** Whether the same start may work a little later. */
  passing: boolean;
}

/** The problem `error` (from opening `url`) shows, or null when it is none of the usual ones. */
export function openingProblem(error: unknown, url: string): OpeningProblem | null {
  // A migration's failure carries PostgreSQL's error as its cause.
  while (error instanceof Error && (error as ConnectError).code === undefined && error.cause instanceof Error) error = error.cause;
  if (!(error instanceof Error)) return null;
  const { code, message } = error as ConnectError;
  const where = addressOf(url);
  if (code === '28P01' || code === '28000')
    return {
      sentence: `PostgreSQL at ${where} refused the user name or password in DATABASE_URL (${message}). Correct them and start again.`,
      passing: false,
    };
  if (code === '3D000')
    return {
      sentence: `There is no database "${databaseOf(url)}" on PostgreSQL at ${where}. Create it (for example: createdb --owner=${userOf(url)} ${databaseOf(url)}) or correct its name in DATABASE_URL, and start again.`,
      passing: false,
    };
  if (code === '42501')
    return {
      sentence: `The user "${userOf(url)}" in DATABASE_URL may not make the site's tables in the database "${databaseOf(url)}" (${message}). As PostgreSQL's administrator, make that user the database's owner (ALTER DATABASE "${databaseOf(url)}" OWNER TO "${userOf(url)}";), and start again.`,
      passing: false,
    };
  if (code === 'ENOTFOUND')
    return {
      sentence: `The host name in DATABASE_URL (${parts(url).hostname}) is not known to this machine. Check its spelling, and start again.`,
      passing: false,
    };
  if (code !== undefined && CERTIFICATE_CODES.has(code))
    return {
      sentence: `PostgreSQL at ${where} answered with a certificate this machine cannot trust (${message.split(';')[0]}). Add the certificate of its authority to DATABASE_URL as sslrootcert=/path/to/ca.pem (hosts offer it for download), and start again.`,
      passing: false,
    };
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return {
      sentence: `PostgreSQL at ${where} answered with a certificate made out to another name (${message}). Use the host name the certificate names in DATABASE_URL (the one the host gives), and start again.`,
      passing: false,
    };
  if (/does not support SSL/i.test(message))
    return {
      sentence: `DATABASE_URL asks for an encrypted connection (sslmode), and PostgreSQL at ${where} offers none. Take sslmode out of DATABASE_URL if the database is on this machine or a private network, or turn on ssl in PostgreSQL, and start again.`,
      passing: false,
    };
  // Not answering yet, or for now (the network, the name service, PostgreSQL starting or full):
  // what a running server takes as unavailable, asked for the cases above first.
  if (code !== REFUSED_BY_A_POOLER && isDatabaseUnavailable(error))
    return {
      sentence: `PostgreSQL at ${where}, the address in DATABASE_URL, does not answer (${code ?? message}). Is it running, and does it listen on that address and port?`,
      passing: true,
    };
  return null;
}

/** The sentence for `error`, met opening `database`, when it is one of the usual problems. */
export function openingSentence(error: unknown, database: Config['database'] | undefined): string | undefined {
  if (database?.kind === 'postgres') return openingProblem(error, database.url)?.sentence;
  if (database?.kind === 'sqlite' && isFolderProblem(error)) return dataFolderProblem(path.dirname(database.file), error);
  return undefined;
}

const FOLDER_CODES = new Set(['EEXIST', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENOENT']);

function isFolderProblem(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code } = error as ConnectError;
  return (code !== undefined && FOLDER_CODES.has(code)) || /unable to open database file|readonly database/i.test(error.message);
}

/** SQLite: why DATA_DIR (`folder`) cannot hold the database, and what it must be. */
export function dataFolderProblem(folder: string, error: unknown): string {
  return `The site cannot keep its database in ${folder} (${error instanceof Error ? error.message : String(error)}). DATA_DIR must name a folder (it is made when missing) that the user running the site, ${os.userInfo().username}, can write in, on a disk that takes writes. Correct it and start again.`;
}

function parts(url: string): URL {
  try {
    return new URL(url);
  } catch {
    return new URL('postgres://localhost');
  }
}

/** host:port, or the socket folder of `postgres:///club?host=/var/run/postgresql`. */
function addressOf(url: string): string {
  const parsed = parts(url);
  return parsed.hostname ? `${parsed.hostname}:${parsed.port || '5432'}` : (parsed.searchParams.get('host') ?? 'localhost:5432');
}

function databaseOf(url: string): string {
  return decodeURIComponent(parts(url).pathname.slice(1)) || userOf(url);
}

function userOf(url: string): string {
  return decodeURIComponent(parts(url).username) || 'postgres';
}

/**
 * Opens with `open`, trying again while the problem is one that passes (PostgreSQL starting
 * beside the server), for up to `waitMs`; says once what it waits for.
 */
export async function openWhenAnswering<T>(
  open: () => Promise<T>,
  url: string,
  waitMs: number,
  warn: (sentence: string) => void,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  let pauseMs = 250;
  let told = false;
  for (;;) {
    try {
      return await open();
    } catch (error) {
      const problem = openingProblem(error, url);
      if (!problem?.passing || Date.now() + pauseMs > deadline) throw error;
      if (!told) warn(`${problem.sentence} Waiting for it, up to ${Math.round(waitMs / 1000)} s.`);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      pauseMs = Math.min(pauseMs * 2, 5_000);
    }
  }
}
