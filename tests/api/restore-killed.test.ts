import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { expect, it } from 'vitest';
import { PARTIAL_SUFFIX } from '../../src/core/backup/backup-files.ts';
import { verifyArchive } from '../../src/core/backup/read-backup.ts';
import { eachDatabase, type FreshDatabase } from '../setup/databases.ts';
import { openDatabase } from '../setup/direct-db.ts';
import { insertLongNews } from '../setup/long-news.ts';
import { runScript, startScript } from '../setup/scripts.ts';
import { startServer } from '../setup/server.ts';

// A restore killed half-way (kill -9, the power cut, the host's out-of-memory killer): the site is
// as it was or as the backup was, never a mixture and never empty, and the next restore or server
// goes ahead (docs/decisions/019, 040). The kill lands while the restore holds the database's write
// lock: that is, while it empties and loads the tables in its one transaction.

const NEWS = 400;
const NEWS_BYTES = 6_000;
/** After the restore has started writing: at once, then later and later into the load. */
const KILL_AFTER_MS = [0, 15, 50, 150, 400];

const envOf = (site: FreshDatabase) => ({ DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl });

/** Every news item's id, title and words, as one digest: the same site, or not. */
async function digestOf(site: FreshDatabase): Promise<{ count: number; digest: string }> {
  const db = openDatabase(site);
  try {
    const rows = await db.selectFrom('newsItems').select(['id', 'title', 'content']).orderBy('id').execute();
    const hash = createHash('sha256');
    for (const row of rows) hash.update(`${row.id}\n${row.title}\n${row.content}\n`);
    return { count: rows.length, digest: hash.digest('hex') };
  } finally {
    await db.destroy();
  }
}

/** Whether another connection holds the database's write lock now (a transaction that has written). */
function writerCheck(site: FreshDatabase): { holds: () => Promise<boolean>; close: () => Promise<void> } {
  if (site.databaseUrl) {
    const client = new pg.Client({ connectionString: site.databaseUrl });
    const connected = client.connect();
    return {
      holds: async () => {
        await connected;
        const { rows } = await client.query(
          `select count(*)::int as count from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`,
        );
        return rows[0].count > 0;
      },
      close: () => client.end(),
    };
  }
  const sqlite = new DatabaseSync(path.join(site.dataDir, 'club.sqlite'), { timeout: 0 });
  return {
    holds: () => {
      try {
        sqlite.exec('begin immediate');
        sqlite.exec('rollback');
        return Promise.resolve(false);
      } catch (error) {
        if (/locked|busy/i.test((error as Error).message)) return Promise.resolve(true);
        throw error;
      }
    },
    close: () => Promise.resolve(sqlite.close()),
  };
}

eachDatabase('a restore killed half-way on $kind', (kind) => {
  it('leaves the site as it was or as the backup was, never between, and the next restore and server go ahead', async () => {
    const site = await kind.create();
    try {
      await insertLongNews(site, NEWS, NEWS_BYTES);
      const archive = path.join(site.dataDir, 'site.tar.gz');
      const taken = await runScript('backup', ['--out', archive], envOf(site));
      expect(taken.code, taken.out).toBe(0);
      const backedUp = await digestOf(site);
      // Since the backup: one item more, one fewer.
      const db = openDatabase(site);
      const gone = await db.selectFrom('newsItems').select('id').orderBy('id').executeTakeFirstOrThrow();
      await db.deleteFrom('newsItems').where('id', '=', gone.id).execute();
      await db
        .insertInto('newsItems')
        .values({
          id: 'since-the-backup',
          title: 'Written after the backup',
          content: '<p>Acknowledged</p>',
          contentText: 'Acknowledged',
          cleanedWith: (await db.selectFrom('newsItems').select('cleanedWith').executeTakeFirstOrThrow()).cleanedWith,
          publishedAt: '2026-11-02T00:00:00.000Z',
          createdAt: '2026-11-02T00:00:00.000Z',
          updatedAt: '2026-11-02T00:00:00.000Z',
        })
        .execute();
      await db.destroy();
      const before = await digestOf(site);
      expect(before.count).toBe(NEWS);
      expect(before.digest).not.toBe(backedUp.digest);

      const outcomes: string[] = [];
      for (const killAfterMs of KILL_AFTER_MS) {
        const restore = startScript('restore', [archive, '--replace'], envOf(site));
        const writer = writerCheck(site);
        let killed = false;
        try {
          const ended = restore.done.then(() => true);
          while (!(await Promise.race([ended, new Promise<false>((resolve) => setTimeout(() => resolve(false), 2))]))) {
            if (await writer.holds()) {
              await new Promise((resolve) => setTimeout(resolve, killAfterMs));
              killed = restore.child.kill('SIGKILL');
              break;
            }
          }
        } finally {
          await writer.close();
        }
        const { code, out } = await restore.done;
        const after = await digestOf(site);
        const as = after.digest === before.digest ? 'as it was' : after.digest === backedUp.digest ? 'as backed up' : null;
        expect(as, `killed ${killAfterMs} ms into the load: ${after.count} news items, neither site\n${out}`).not.toBeNull();
        outcomes.push(`${killed ? `killed ${killAfterMs} ms in` : `ended (${code})`}: ${as}`);
        if (as === 'as backed up') break; // restored: nothing left to cut short
      }
      // At least one kill landed inside the load, and left the site as it was.
      expect(
        outcomes.filter((outcome) => outcome.startsWith('killed') && outcome.endsWith('as it was')).length,
        outcomes.join('\n'),
      ).toBeGreaterThan(0);

      // The killed restores left no claim: the next goes ahead, and a server starts on what it restored.
      const restored = await runScript('restore', [archive, '--replace'], envOf(site));
      expect(restored.code, restored.out).toBe(0);
      expect(await digestOf(site)).toEqual(backedUp);
      const server = await startServer(envOf(site));
      try {
        const news = (await (await fetch(`${server.url}/api/news`)).json()) as { id: string }[];
        expect(news.map((item) => item.id)).not.toContain('since-the-backup');
        expect((await fetch(`${server.url}/news`)).status).toBe(200);
      } finally {
        await server.stop();
      }
      // Each backup taken before a restore is whole; one cut off is only ever a .partial file.
      const backups = fs.readdirSync(path.join(site.dataDir, 'backups'));
      const whole = backups.filter((name) => !name.endsWith(PARTIAL_SUFFIX));
      expect(whole.length).toBeGreaterThan(0);
      for (const name of whole) await expect(verifyArchive(path.join(site.dataDir, 'backups', name))).resolves.toBeTruthy();
    } finally {
      await site.drop();
    }
  }, 180_000);
});
