import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and git-heavy suites share two cores; forks keep child processes isolated.
    pool: 'forks',
  },
});
