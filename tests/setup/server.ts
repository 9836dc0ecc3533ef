import { afterAll, beforeAll } from 'vitest';
import { testDatabases, type FreshDatabase, type TestDatabase } from './databases.ts';
import { ADMIN } from './site-templates.ts';
import { startServer, type RunningServer } from './start-server.ts';

export { startServer, type RunningServer } from './start-server.ts';

export { ADMIN } from './site-templates.ts';

export interface SuiteServer {
  readonly url: string;
  readonly server: RunningServer;
  readonly database: FreshDatabase;
  readonly env: Record<string, string | undefined>;
  /** Stops the server and starts it again on the same data. */
  restart(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Registers a new site (databases.ts's createSite) and a server on it for the current describe block. */
export function useServer(db: TestDatabase, extraEnv: Record<string, string> = {}): SuiteServer {
  let database: FreshDatabase | undefined;
  let server: RunningServer | undefined;
  let env: Record<string, string | undefined> = {};
  beforeAll(async () => {
    database = await db.createSite();
    env = {
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...extraEnv,
    };
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  return {
    get url() {
      return server!.url;
    },
    get server() {
      return server!;
    },
    get database() {
      return database!;
    },
    get env() {
      return env;
    },
    async restart(signal?: NodeJS.Signals) {
      const code = await server!.stop(signal);
      server = await startServer(env);
      return code;
    },
  };
}

export { testDatabases };
