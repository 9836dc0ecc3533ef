import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../../src/core/db/connect.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { addAdministrator } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// The activity log is what 'Restore all' and 'Delete all' read (051, 054) and what the committee
// trusts to tell who did what (049): a change the server made must have its line, and a line
// its change, even when the server is killed between the two. So too for sign-ins and changes to
// the administrators (062): a stranger's way in must not go unsaid, and a new password must not
// leave the old sessions signed in.

eachDatabase('activity lines written with their change on $kind', (db) => {
  const suite = useServer(db);
  const direct = useDirectDb(suite);

  it('leaves every change a killed server made with its line, and no line without its change', async () => {
    let token = await login(suite);
    for (let round = 0; round < 3; round++) {
      // Each round a new administrator: a fresh budget of changes (059).
      const writer = await addAdministrator(suite, token, `writer${round}`, `a lantern by the stile ${round}`);
      let killed = false;
      let made = 0;
      const work = Array.from({ length: 8 }, async (_, worker) => {
        for (let i = 0; !killed; i++) {
          const title = `Round ${round} worker ${worker} item ${i}`;
          const created = await call(suite, 'POST', '/api/admin/news', {
            token: writer.token,
            body: { title, publishedAt: '2026-11-01', content: '<p>Kept</p>' },
          });
          if (created.status !== 201) continue;
          made++;
          const id = created.body.id as string;
          await call(suite, 'PUT', `/api/admin/news/${id}`, {
            token: writer.token,
            body: { title: `${title} (edited)`, publishedAt: '2026-11-01', content: '<p>Kept</p>' },
          });
          if (i % 2 === 0) await call(suite, 'DELETE', `/api/admin/news/${id}`, { token: writer.token });
        }
      });
      const settled = Promise.allSettled(work);
      // Killed once enough is under way, however fast this machine is, and at a different point each round.
      while (made < 20 + round * 5) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, round * 37));
      await suite.restart('SIGKILL');
      killed = true;
      await settled;
      token = await login(suite);
    }

    const items = await direct().selectFrom('newsItems').select(['id', 'deletedAt']).execute();
    const lines = await direct().selectFrom('activity').select(['action', 'subjectId']).where('subjectKind', '=', 'news').execute();
    const versions = await direct().selectFrom('pageVersions').select('page').where('page', 'like', 'news:%').execute();
    const idsOf = (action: string) =>
      lines
        .filter((line) => line.action === action)
        .map((line) => line.subjectId!)
        .sort();
    expect(items.length).toBeGreaterThan(50);
    expect(idsOf('added')).toEqual(items.map((item) => item.id).sort());
    expect(idsOf('deleted')).toEqual(
      items
        .filter((item) => item.deletedAt !== null)
        .map((item) => item.id)
        .sort(),
    );
    // Each edit changed the title: one earlier version kept per edit, and one line.
    expect(idsOf('edited')).toEqual(versions.map((version) => version.page.slice('news:'.length)).sort());
  });

  it("refuses a change to the administrators whose line cannot be written, and keeps the change's state as it was", async () => {
    const token = await login(suite);
    const victim = await addAdministrator(suite, token, 'lineless', 'a bell over the water meadow');
    const before = await direct().selectFrom('admins').select(['passwordHash']).where('id', '=', victim.id).executeTakeFirstOrThrow();
    await refuseActivityLines(direct(), db.kind);
    try {
      const attempts = [
        call(suite, 'POST', '/api/admin/administrators', {
          token,
          body: { username: 'linelessadded', password: 'a heron on the weir at dusk', currentPassword: ADMIN.password },
        }),
        call(suite, 'PUT', '/api/admin/password', {
          token: victim.token,
          body: { currentPassword: 'a bell over the water meadow', newPassword: 'a fox along the railway cutting' },
        }),
        call(suite, 'DELETE', `/api/admin/administrators/${victim.id}/sessions`, { token }),
        call(suite, 'DELETE', `/api/admin/administrators/${victim.id}/two-step`, { token, body: { currentPassword: ADMIN.password } }),
        call(suite, 'DELETE', `/api/admin/administrators/${victim.id}`, { token }),
        call(suite, 'POST', '/api/admin/login', { body: { username: 'lineless', password: 'a bell over the water meadow' } }),
      ];
      for (const answer of await Promise.all(attempts)) expect(answer.status, answer.text).toBeGreaterThanOrEqual(500);
    } finally {
      await allowActivityLines(direct(), db.kind);
    }
    // None of it happened: no account added, the password and the session as they were, the account there.
    expect(await direct().selectFrom('admins').select('id').where('username', '=', 'linelessadded').execute()).toEqual([]);
    const after = await direct().selectFrom('admins').select(['passwordHash']).where('id', '=', victim.id).executeTakeFirst();
    expect(after).toEqual(before);
    expect((await call(suite, 'GET', '/api/admin/me', { token: victim.token })).status).toBe(200);
    expect(await direct().selectFrom('sessions').select('tokenHash').where('adminId', '=', victim.id).execute()).toHaveLength(1);
  });
});

/** Makes every insert into the activity log fail, as a full disk or a broken table would. */
async function refuseActivityLines(db: Db, kind: 'sqlite' | 'postgres'): Promise<void> {
  if (kind === 'sqlite') {
    await sql`create trigger refuse_lines before insert on activity begin select raise(abort, 'the activity log cannot be written'); end`.execute(
      db,
    );
  } else {
    await sql`create function refuse_lines() returns trigger language plpgsql as $$ begin raise exception 'the activity log cannot be written'; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_lines before insert on activity for each row execute function refuse_lines()`.execute(db);
  }
}

async function allowActivityLines(db: Db, kind: 'sqlite' | 'postgres'): Promise<void> {
  if (kind === 'sqlite') await sql`drop trigger refuse_lines`.execute(db);
  else {
    await sql`drop trigger refuse_lines on activity`.execute(db);
    await sql`drop function refuse_lines()`.execute(db);
  }
}
