import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LeaderboardConfig } from '../config.js';
import { LeaderboardError } from '../errors.js';

/**
 * A repository of a board, as configured or given on the command line (not opened yet);
 * `fromFlag`: a path or URL given to --repo (its hints name the flag, not the config).
 */
export type RepoSource = { name: string; path: string; fromFlag?: true } | { name: string; url: string; fromFlag?: true };

// `scheme://...` or scp-like `user@host:path` (what git itself accepts as a URL).
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/|^[\w.-]+@[\w.-]+:/i;

/** Whether a `--repo` value is a URL git clones rather than a local path. */
export function isRepoUrl(value: string): boolean {
  return URL_LIKE.test(value);
}

/** The default name of a repository: the last part of its path or URL, without `.git`. */
export function repoNameOf(location: string): string {
  // A URL's query string or fragment is not its name (and may hold a token).
  const bare = isRepoUrl(location) ? location.replace(/[?#].*$/s, '') : location;
  const last = bare.replace(/[/\\]+$/, '').split(/[/\\:]/).pop() ?? '';
  return last.replace(/\.git$/i, '') || 'repository';
}

/**
 * The same URL without a user name or password, nor a query string or fragment, where some
 * servers take a token (`?private_token=...`): a token in a URL must not reach the page or a log.
 */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password && !u.search && !u.hash) return url;
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString();
  } catch {
    return url;
  }
}

/**
 * The repositories of the config's `repositories` (paths relative to `home`, the repository
 * the config file is in), or null when it has none (the board is `home` alone).
 */
export function configuredSources(config: LeaderboardConfig, home: string): RepoSource[] | null {
  if (!config.repositories) return null;
  return checkNames(config.repositories.map((r) => r.url !== undefined
    ? { name: r.name ?? repoNameOf(r.url), url: r.url }
    : { name: r.name ?? repoNameOf(path.resolve(home, r.path ?? '.')), path: path.resolve(home, r.path ?? '.') }));
}

/**
 * The repositories `--repo` gives (two or more, or one URL or configured name): each value is
 * the name of a configured repository, a URL, or a path (relative to the current directory).
 */
export function sourcesFromFlags(values: readonly string[], configured: RepoSource[] | null, cwd: string): RepoSource[] {
  const sources: RepoSource[] = [];
  for (const value of values) {
    // A configured repository by its name, or by its path or URL (`--repo .` in the board's
    // repository is the config's `{ "path": ".", "name": "core" }`, not a repository "board").
    const resolved = isRepoUrl(value) ? null : path.resolve(cwd, value);
    const named = configured?.find((s) => s.name === value)
      ?? configured?.find((s) => ('path' in s ? resolved !== null && path.resolve(s.path) === resolved : s.url === value));
    if (named) sources.push(named);
    else if (resolved === null) sources.push({ name: repoNameOf(value), url: value, fromFlag: true });
    else {
      if (configured) refuseUnknownName(value, configured, cwd);
      sources.push({ name: repoNameOf(resolved), path: resolved, fromFlag: true });
    }
  }
  return checkNames(sources, true);
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Refuses `--repo VALUE`, a bare name, when it names no configured repository and no path: a
 * misspelt name was reported as a path that is not a git repository, hinting at --repo PATH.
 */
export function refuseUnknownName(value: string, configured: readonly RepoSource[], cwd: string): void {
  if (!SAFE_NAME.test(value) || configured.some((s) => s.name === value) || existsSync(path.resolve(cwd, value))) return;
  const names = configured.map((s) => `"${s.name}"`).join(', ');
  throw new LeaderboardError('INVALID_INPUT', `--repo ${value} is neither a path nor the name of a repository in "repositories" of leaderboard.config.json: ${names}.`,
    'Pass one of those names, or the path of a clone.');
}

/**
 * Names must be unique and safe as file names (each repository gets a folder under its name).
 * Repositories given by `--repo` flags (`fromFlags`) can only be named in the config, so the hints say so.
 */
function checkNames(sources: RepoSource[], fromFlags = false): RepoSource[] {
  const seen = new Map<string, RepoSource>();
  const nameIt = fromFlags
    ? 'List them in "repositories" of leaderboard.config.json, each with its own "name", and pass those names to --repo.'
    : 'Give one of them another "name" in the repositories list of leaderboard.config.json.';
  // Said without the credentials a URL may hold (a CI token): the messages reach the log.
  const shown = (s: RepoSource) => ('url' in s ? withoutCredentials(s.url) : s.path);
  for (const s of sources) {
    const where = 'url' in s ? s.url : s.path;
    if (!SAFE_NAME.test(s.name)) {
      throw new LeaderboardError('INVALID_CONFIG', `The repository ${shown(s)} would be named "${s.name}", which is not a usable name (letters, digits, ".", "_" or "-").`, fromFlags ? 'List it in "repositories" of leaderboard.config.json with a "name", and pass that name to --repo.' : 'Give it a "name" in the repositories list of leaderboard.config.json.');
    }
    const other = seen.get(s.name);
    if (other && ('url' in other ? other.url : other.path) === where) {
      throw new LeaderboardError('INVALID_CONFIG', `The repository ${shown(s)} is listed twice.`, fromFlags ? 'Give each --repo once.' : 'Remove one of them from the repositories list of leaderboard.config.json.');
    }
    if (other) {
      throw new LeaderboardError('INVALID_CONFIG', `Two repositories are named "${s.name}": ${shown(other)} and ${shown(s)}.`, nameIt);
    }
    seen.set(s.name, s);
  }
  return sources;
}
