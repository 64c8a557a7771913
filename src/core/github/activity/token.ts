import { execFile } from 'node:child_process';
import { hasForeignCharacter } from '../../../shared/github-token.js';

/** Where the token came from, for messages (never the token itself). */
export type TokenSource = 'GITHUB_TOKEN' | 'GH_TOKEN' | 'gh';

export interface FoundToken {
  token: string;
  source: TokenSource;
  /** Why it cannot be a GitHub token (a space or line break inside it): nothing is sent with it. */
  problem?: string;
}

/** Runs `gh auth token` for a host (github.com, or a GitHub Enterprise host); resolves its output, or null when gh is absent, signed out or slow. */
export type GhRunner = (host: string) => Promise<string | null>;

/** Longest wait for `gh auth token`, in ms: it never holds a refresh up. */
const GH_TIMEOUT_MS = 3000;

/** The GitHub CLI's token, or null (not installed, not signed in, timed out): never throws. */
export const runGhAuthToken: GhRunner = (host) =>
  new Promise((resolve) => {
    try {
      execFile('gh', ['auth', 'token', '--hostname', host], { timeout: GH_TIMEOUT_MS, windowsHide: true, env: { ...process.env, GH_PROMPT_DISABLED: '1' } }, (err, stdout) => {
        const token = String(stdout ?? '').trim();
        resolve(err || !token ? null : token);
      });
    } catch {
      resolve(null);
    }
  });

/**
 * The token for reading activity: GITHUB_TOKEN, else GH_TOKEN, else `gh auth token`. Never a
 * command-line argument (it would show in `ps` and shell history). Null when there is none.
 */
export async function findGitHubToken(env: Record<string, string | undefined>, gh: GhRunner = runGhAuthToken, host = 'github.com'): Promise<FoundToken | null> {
  for (const name of ['GITHUB_TOKEN', 'GH_TOKEN'] as const) {
    const value = env[name]?.trim();
    if (value && hasForeignCharacter(value)) return { token: value, source: name, problem: notOneToken(name) };
    if (value) return { token: value, source: name };
  }
  const fromGh = await gh(host).catch(() => null);
  return fromGh ? { token: fromGh, source: 'gh' } : null;
}

/** Why the token in `name` is refused (its value is never repeated). */
export const notOneToken = (name: string): string =>
  `${name} is not a single GitHub token: it holds a space, a line break or a character tokens never have. Set it to the token alone`;
