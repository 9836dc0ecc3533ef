import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DISK_UNWRITABLE } from '../../src/core/db/errors.ts';
import { call, login } from '../setup/api-client.ts';
import type { FreshDatabase } from '../setup/databases.ts';
import { failingDiskWorks, makeFailingDisk, type FailingDisk } from '../setup/failing-disk.ts';
import { copySqliteTemplate } from '../setup/site-templates.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// A failing disk under a running SQLite site, as Linux handles one: ext4 turns itself read-only
// (errors=remount-ro). Everything saved stays readable, so the site keeps showing it; a write
// cannot be made until someone looks at the disk, and the answer says so instead of asking to try
// again in a minute (docs/decisions/131).

describe.skipIf(!failingDiskWorks)('a disk that turns read-only under a running sqlite site', () => {
  let disk: FailingDisk;
  let server: RunningServer;
  let site: FreshDatabase;
  beforeAll(async () => {
    disk = makeFailingDisk();
    site = { dataDir: disk.folder, databaseUrl: undefined, drop: async () => {} };
    const template = inject('siteTemplates')?.sqlite;
    if (template) copySqliteTemplate(template, site.dataDir);
    server = await startServer({ DATA_DIR: site.dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(async () => {
    await server?.stop();
    disk?.remove();
  });

  it('keeps serving what it holds, and answers each write that the disk cannot be written to', async () => {
    const token = await login(server.url);
    const written = await call(server.url, 'POST', '/api/admin/news', {
      token,
      body: { title: 'Before the disk failed', content: '<p>Kept.</p>', publishedAt: '2026-11-01' },
    });
    expect(written.status).toBe(201);
    expect((await call(server.url, 'GET', '/news')).status).toBe(200);

    disk.fail();
    expect(disk.readOnly()).toBe(true);

    const refused = await call(server.url, 'POST', '/api/admin/news', {
      token,
      body: { title: 'After the disk failed', content: '<p>Lost?</p>', publishedAt: '2026-11-02' },
    });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(DISK_UNWRITABLE);
    expect(refused.headers.get('retry-after')).toBe('300');
    const signIn = await call(server.url, 'POST', '/api/admin/login', { body: { username: ADMIN.username, password: ADMIN.password } });
    expect(signIn.status).toBe(503);
    expect(signIn.body.message).toBe(DISK_UNWRITABLE);

    for (const pathname of ['/', '/news', '/events', `/news/${written.body.id}`])
      expect((await call(server.url, 'GET', pathname)).status, pathname).toBe(200);
    expect((await call(server.url, 'GET', '/api/news')).body).toMatchObject([{ title: 'Before the disk failed' }]);
    expect((await call(server.url, 'GET', '/healthz')).body).toMatchObject({ status: 'unavailable', storage: 'not writable' });
  });
});
