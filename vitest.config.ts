import { defineConfig } from 'vitest/config';
import { findTestPostgres } from './tests/setup/find-postgres.ts';

// Set here, in the main process, before the test workers start: they inherit it.
const postgres = await findTestPostgres();
if (postgres) process.env.TEST_DATABASE_URL = postgres;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    reporters: ['default', './tests/setup/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    ...(postgres ? { env: { TEST_DATABASE_URL: postgres } } : {}),
  },
});
