import { describe, expect, it, vi } from 'vitest';
import { openingProblem, openingSentence, openWhenAnswering } from './opening-problems.ts';

const URL = 'postgres://club:secret@db.example.org:6543/clubsite';
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('openingProblem', () => {
  it('names what to correct for a problem that waiting does not mend', () => {
    expect(openingProblem(failure('password authentication failed for user "club"', '28P01'), URL)).toEqual({
      sentence:
        'PostgreSQL at db.example.org:6543 refused the user name or password in DATABASE_URL (password authentication failed for user "club"). Correct them and start again.',
      passing: false,
    });
    expect(openingProblem(failure('database "clubsite" does not exist', '3D000'), URL)?.sentence).toBe(
      'There is no database "clubsite" on PostgreSQL at db.example.org:6543. Create it (for example: createdb --owner=club clubsite) or correct its name in DATABASE_URL, and start again.',
    );
    expect(openingProblem(failure('getaddrinfo ENOTFOUND db.example.org', 'ENOTFOUND'), URL)?.sentence).toMatch(
      /^The host name in DATABASE_URL \(db\.example\.org\) is not known to this machine/,
    );
    const certificate = openingProblem(
      failure(
        'self-signed certificate in certificate chain; if the root CA is installed locally, try running Node.js with --use-system-ca',
        'SELF_SIGNED_CERT_IN_CHAIN',
      ),
      URL,
    );
    expect(certificate?.sentence).toBe(
      'PostgreSQL at db.example.org:6543 answered with a certificate this machine cannot trust (self-signed certificate in certificate chain). Add the certificate of its authority to DATABASE_URL as sslrootcert=/path/to/ca.pem (hosts offer it for download), and start again.',
    );
    expect(openingProblem(failure('The server does not support SSL connections'), URL)?.sentence).toMatch(
      /offers none\. Take sslmode out of DATABASE_URL/,
    );
    expect(
      openingProblem(
        failure(
          "Hostname/IP does not match certificate's altnames: Host: localhost. is not cert's CN: db.test",
          'ERR_TLS_CERT_ALTNAME_INVALID',
        ),
        URL,
      )?.sentence,
    ).toMatch(/certificate made out to another name \(Hostname\/IP does not match .*\)\. Use the host name the certificate names/);
    const migration = new Error('Database migration failed: permission denied for schema public', {
      cause: failure('permission denied for schema public', '42501'),
    });
    expect(openingProblem(migration, URL)?.sentence).toBe(
      'The user "club" in DATABASE_URL may not make the site\'s tables in the database "clubsite" (permission denied for schema public). As PostgreSQL\'s administrator, make that user the database\'s owner (ALTER DATABASE "clubsite" OWNER TO "club";), and start again.',
    );
    for (const problem of [certificate, openingProblem(failure('x', '28000'), URL)]) expect(problem?.passing).toBe(false);
  });

  it('takes a database not answering yet as passing', () => {
    for (const error of [
      failure('connect ECONNREFUSED 127.0.0.1:6543', 'ECONNREFUSED'),
      failure('getaddrinfo EAI_AGAIN db', 'EAI_AGAIN'),
      failure('the database system is starting up', '57P03'),
      failure('sorry, too many clients already', '53300'),
      failure('Connection terminated unexpectedly'),
      failure('timeout expired'),
    ])
      expect(openingProblem(error, URL)).toMatchObject({ passing: true, sentence: expect.stringContaining('does not answer') });
  });

  it('says nothing of what it does not know, and of SQLite', () => {
    expect(openingProblem(failure('syntax error', '42601'), URL)).toBeNull();
    // PgBouncer refusing a login: said by pg's own words, at once, not waited for.
    expect(openingProblem(failure('"trust" authentication failed', '08P01'), URL)).toBeNull();
    expect(openingProblem('not an error', URL)).toBeNull();
    expect(openingSentence(failure('x', '28P01'), { kind: 'sqlite', file: '/tmp/club.sqlite' })).toBeUndefined();
  });

  it('says what DATA_DIR must be when SQLite cannot keep its database there', () => {
    const sqlite = { kind: 'sqlite' as const, file: '/srv/club/notes.txt/club.sqlite' };
    expect(openingSentence(failure("EEXIST: file already exists, mkdir '/srv/club/notes.txt'", 'EEXIST'), sqlite)).toMatch(
      /^The site cannot keep its database in \/srv\/club\/notes\.txt \(EEXIST: file already exists, mkdir '\/srv\/club\/notes\.txt'\)\. DATA_DIR must name a folder \(it is made when missing\) that the user running the site, [^,]+, can write in, on a disk that takes writes\. Correct it and start again\.$/,
    );
    expect(openingSentence(failure('unable to open database file'), sqlite)).toContain('(unable to open database file)');
    expect(openingSentence(failure('database disk image is malformed'), sqlite)).toBeUndefined();
  });

  it('names a socket folder, a missing database name and a URL it cannot read', () => {
    expect(openingProblem(failure('x', '3D000'), 'postgres:///club?host=/var/run/postgresql')?.sentence).toContain(
      'There is no database "club" on PostgreSQL at /var/run/postgresql.',
    );
    expect(openingProblem(failure('x', '3D000'), 'postgres://alice@db')?.sentence).toContain(
      'There is no database "alice" on PostgreSQL at db:5432',
    );
    expect(openingProblem(failure('x', '28P01'), 'postgres://[bad')?.sentence).toContain('at localhost:5432');
  });
});

describe('openWhenAnswering', () => {
  it('tries again while the problem passes, and says so once', async () => {
    vi.useFakeTimers();
    try {
      let tries = 0;
      const warn = vi.fn();
      const opened = openWhenAnswering(
        () => (++tries < 4 ? Promise.reject(failure('connect ECONNREFUSED', 'ECONNREFUSED')) : Promise.resolve('open')),
        URL,
        60_000,
        warn,
      );
      await vi.runAllTimersAsync();
      expect(await opened).toBe('open');
      expect(tries).toBe(4);
      expect(warn).toHaveBeenCalledOnce();
      expect(warn.mock.calls[0]![0]).toMatch(/does not answer \(ECONNREFUSED\).*Waiting for it, up to 60 s\.$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up at once on a problem that does not pass, and after the wait on one that does', async () => {
    let tries = 0;
    const wrong = failure('password authentication failed', '28P01');
    await expect(
      openWhenAnswering(
        () => (tries++, Promise.reject(wrong)),
        URL,
        60_000,
        () => {},
      ),
    ).rejects.toBe(wrong);
    expect(tries).toBe(1);
    vi.useFakeTimers();
    try {
      const refused = failure('connect ECONNREFUSED', 'ECONNREFUSED');
      const started = Date.now();
      tries = 0;
      const settled = openWhenAnswering(
        () => (tries++, Promise.reject(refused)),
        URL,
        3_000,
        () => {},
      ).catch((error: unknown) => error);
      await vi.runAllTimersAsync();
      expect(await settled).toBe(refused);
      // Pauses of 0.25, 0.5 and 1 s; the next, 2 s, would end past the 3 s.
      expect(tries).toBe(4);
      expect(Date.now() - started).toBe(1_750);
    } finally {
      vi.useRealTimers();
    }
  });
});
