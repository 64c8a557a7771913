import { describe, expect, it } from 'vitest';
import { isBot } from '../../src/core/bots.js';

const on = { exclude: true, patterns: [] as string[] };

describe('isBot', () => {
  it.each([
    ['dependabot[bot]', '49699333+dependabot[bot]@users.noreply.github.com'],
    ['Some Helper', 'helper[bot]@example.com'],
    ['pre-commit-ci[bot]', 'x@example.com'],
    ['Dependabot', 'support@github.com'],
    ['Renovate Bot', 'bot@renovateapp.com'],
    ['someone', 'RENOVATE@example.com'],
    ['GitHub-Actions', 'noreply@github.com'],
    ['CI', '41898282+github-actions[bot]@users.noreply.github.com'],
  ])('%s <%s> is a bot', (name, email) => {
    expect(isBot(name, email, on)).toBe(true);
  });

  it.each([
    ['Ada Lovelace', 'ada@example.com'],
    ['Robert Bottom', 'bob@example.com'],
    ['bot', 'bot@example.com'],
  ])('%s <%s> is not a bot', (name, email) => {
    expect(isBot(name, email, on)).toBe(false);
  });

  it('adds configured patterns, case-insensitively, on name or email', () => {
    const bots = { exclude: true, patterns: ['Release-Please', '@ci.internal'] };
    expect(isBot('release-please', 'x@example.com', bots)).toBe(true);
    expect(isBot('Build', 'robot@CI.INTERNAL', bots)).toBe(true);
    expect(isBot('Ada', 'ada@example.com', bots)).toBe(false);
  });

  it('treats nobody as a bot when exclusion is off', () => {
    const off = { exclude: false, patterns: ['ada'] };
    expect(isBot('dependabot[bot]', 'x@example.com', off)).toBe(false);
    expect(isBot('Ada', 'ada@example.com', off)).toBe(false);
  });

  it('ignores an empty pattern rather than matching everyone', () => {
    expect(isBot('Ada', 'ada@example.com', { exclude: true, patterns: [''] })).toBe(false);
  });
});
