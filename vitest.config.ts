import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and git-heavy suites share two cores; forks keep child processes isolated. The suite
    // took 11.7 min on one worker, 9.4 on two. Three were slower than two (659 s against 602) until
    // each browser context stopped loading Chromium's address bar popups (tests/support/browser.ts):
    // then 401 s against 523 on a fresh clone. The files wait on git, npm and browsers a good part
    // of their time.
    pool: 'forks',
    maxWorkers: 3,
  },
});
