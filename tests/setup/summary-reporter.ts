import type { Reporter, TestModule } from 'vitest/node';
import { LOCAL_TEST_DATABASE_URL } from './find-postgres.ts';

/**
 * Ends the run with one plain line, `vitest: N passed, N failed, N skipped`, that any CI can
 * read, and a second one when the PostgreSQL half was not declared (no PostgreSQL answered when
 * vitest.config.ts looked for one), so that it never goes unnoticed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
    }
    process.stdout.write(`\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
    if (!process.env.TEST_DATABASE_URL) {
      process.stdout.write(
        `PostgreSQL: not tested (its suites were left out): TEST_DATABASE_URL is not set and no PostgreSQL answers at ${LOCAL_TEST_DATABASE_URL}.\n`,
      );
    }
  }
}
