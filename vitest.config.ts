import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { findTestPostgres } from './tests/setup/find-postgres.ts';
import { startPhotoSite } from './tests/setup/photo-site.ts';

// The static checks (scripts/checks.ts: knip) load this file for its file patterns only: they
// neither look for PostgreSQL nor start the photo site. Niced beside a busy test run, knip once
// took longer than the look allows, and with REQUIRE_POSTGRES=1 that failed the run.
const forChecks = process.env.STATIC_CHECKS === '1';
// Set here, in the main process, before the test workers start: they inherit it.
const postgres = forChecks ? undefined : await findTestPostgres();
if (postgres) process.env.TEST_DATABASE_URL = postgres;
if (!forChecks) process.env.TEST_PHOTO_SITE = await startPhotoSite();

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    // Files that test PostgreSQL alone have nothing to run without it (tests/setup/databases.ts).
    exclude: [...configDefaults.exclude, ...(postgres || forChecks ? [] : ['**/*.postgres.test.ts'])],
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine, but most files spend
    // their time waiting on a server or Chromium in another process: two files at once took the
    // whole run from about 8 minutes to under 5 on 2 cores, with no test sharing a port or database.
    // Three at once (tried 2026-11-26) took 440–530 s instead of 650, but timing-sensitive tests
    // then failed now and then on a busy 2-core machine: two, which CI has always passed with.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './tests/setup/summary-reporter.ts'],
    // The new sites suites copy, made once (tests/setup/site-templates.ts).
    globalSetup: ['./tests/setup/global-setup.ts'],
    // Only for a test that hangs: several take 20–25 s beside another file on a slow 2-core
    // machine (2026-11-27, a host twice as slow as the week before), too near a 30 s limit.
    testTimeout: 60_000,
    // expect.poll waits for what a page or server will show; its default 1 s was too short for an
    // admin page to load and fetch on the machine of 2026-11-30 (where fresh memory is slow: 095),
    // and three browser tests failed on it. It still fails a test whose wait never ends.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    env: { TEST_PHOTO_SITE: process.env.TEST_PHOTO_SITE, ...(postgres ? { TEST_DATABASE_URL: postgres } : {}) },
  },
});
