import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files share PostgreSQL and Redis; each uses its own schema / key prefix, so files may run in parallel.
    pool: 'forks',
    maxWorkers: 2,
  },
});
