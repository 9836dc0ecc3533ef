import { expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { addAdministrator } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// The activity log is what 'Restore all' and 'Delete all' read (051, 054) and what the committee
// trusts to tell who did what (049): a change the server made must have its line, and a line
// its change, even when the server is killed between the two.

eachDatabase('activity lines written with their change on $kind', (db) => {
  const suite = useServer(db);
  const direct = useDirectDb(suite);

  it('leaves every change a killed server made with its line, and no line without its change', async () => {
    let token = await login(suite);
    for (let round = 0; round < 3; round++) {
      // Each round a new administrator: a fresh budget of changes (059).
      const writer = await addAdministrator(suite, token, `writer${round}`, `a lantern by the stile ${round}`);
      let killed = false;
      const work = Array.from({ length: 8 }, async (_, worker) => {
        for (let i = 0; !killed; i++) {
          const title = `Round ${round} worker ${worker} item ${i}`;
          const created = await call(suite, 'POST', '/api/admin/news', {
            token: writer.token,
            body: { title, publishedAt: '2026-11-01', content: '<p>Kept</p>' },
          });
          if (created.status !== 201) continue;
          const id = created.body.id as string;
          await call(suite, 'PUT', `/api/admin/news/${id}`, {
            token: writer.token,
            body: { title: `${title} (edited)`, publishedAt: '2026-11-01', content: '<p>Kept</p>' },
          });
          if (i % 2 === 0) await call(suite, 'DELETE', `/api/admin/news/${id}`, { token: writer.token });
        }
      });
      const settled = Promise.allSettled(work);
      await new Promise((resolve) => setTimeout(resolve, 400 + round * 150));
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
});
