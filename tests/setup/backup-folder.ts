import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { FreshDatabase } from './databases.ts';
import { ADMIN, startServer, type RunningServer } from './server.ts';

/**
 * Sites of one suite that share one backup folder (BACKUP_DIR), as sites one after another on a
 * host whose backup disk outlives its data disk or its versions: the sites, the folder and every
 * server started through `start` are gone after the suite.
 */
export function useBackupFolder(extraEnv: Record<string, string> = {}) {
  const sites: FreshDatabase[] = [];
  const servers: RunningServer[] = [];
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-backups-'));
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const site of sites) await site.drop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });
  const envOf = (site: FreshDatabase) => ({
    DATA_DIR: site.dataDir,
    DATABASE_URL: site.databaseUrl,
    BACKUP_DIR: backupDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...extraEnv,
  });
  return {
    backupDir,
    envOf,
    /** `made` (a new database or site), dropped after the suite. */
    async site(made: Promise<FreshDatabase>): Promise<FreshDatabase> {
      const site = await made;
      sites.push(site);
      return site;
    },
    /** The server on `site` with the folder, stopped after the suite if a test leaves it running. */
    async start(site: FreshDatabase): Promise<RunningServer> {
      const server = await startServer(envOf(site));
      servers.push(server);
      return server;
    },
  };
}
