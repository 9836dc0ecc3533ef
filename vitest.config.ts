import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
