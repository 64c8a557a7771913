import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and git-heavy suites share two cores; forks keep child processes isolated. Two
    // workers (vitest's default is one fewer than the cores): the suite took 11.7 min on one, 9.4 on two.
    pool: 'forks',
    maxWorkers: 2,
  },
});
