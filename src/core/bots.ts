import type { LeaderboardConfig } from './config.js';

/** Case-insensitive substrings that always mark a bot (when bots are excluded at all). */
export const BUILT_IN_BOT_PATTERNS: readonly string[] = ['[bot]', 'dependabot', 'renovate', 'github-actions'];

/**
 * Whether a commit author is a bot and so left out of the rankings: the name or the email
 * contains (case-insensitively) `[bot]`, `dependabot`, `renovate`, `github-actions` or one of
 * `bots.patterns`. Always false when `bots.exclude` is false.
 */
export function isBot(name: string, email: string, bots: LeaderboardConfig['bots']): boolean {
  if (!bots.exclude) return false;
  const lowerName = name.toLowerCase();
  const lowerEmail = email.toLowerCase();
  const matches = (pattern: string): boolean => {
    const p = pattern.toLowerCase();
    // An empty pattern would match everyone; the config schema refuses it, this guards callers.
    return p.length > 0 && (lowerName.includes(p) || lowerEmail.includes(p));
  };
  return BUILT_IN_BOT_PATTERNS.some(matches) || bots.patterns.some(matches);
}
