import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { stopServersLeftRunning } from './left-running.ts';
import { BUILT_SERVER_FILE, dropLeftBehind, makeSiteTemplates, type SiteTemplates } from './site-templates.ts';

declare module 'vitest' {
  interface ProvidedContext {
    siteTemplates: SiteTemplates;
  }
}

/**
 * Once per run, before the test workers start: the new sites suites copy (site-templates.ts).
 * Without a built server (a run of unit tests alone, before any build) there are none, and a
 * suite's server makes its site itself.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  await dropLeftBehind(process.env.TEST_DATABASE_URL);
  if (!fs.existsSync(BUILT_SERVER_FILE)) {
    project.provide('siteTemplates', {});
    return undefined;
  }
  const { templates, remove } = await makeSiteTemplates(process.env.TEST_DATABASE_URL);
  project.provide('siteTemplates', templates);
  return async () => {
    await remove();
    // Said, not failed: the tests have their own verdict, and the suite that left it has failed already.
    const left = stopServersLeftRunning({ endedRun: process.pid });
    if (left.length > 0) process.stdout.write(`\nStopped ${left.length} test server(s) a suite left running: ${left.join(', ')}\n`);
  };
}
