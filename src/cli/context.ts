import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig, type LeaderboardConfig } from '../core/config.js';
import { LeaderboardError } from '../core/errors.js';
import { resolveRepo } from '../core/git/repo.js';
import { defaultDataDir } from '../core/store/data-dir.js';

/** Flags every command that works on a repository takes. */
export interface RepoFlags {
  repo?: string;
  dataDir?: string;
}

export interface CommandContext {
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
}

/** Resolves --repo (default: current directory), --data-dir (default: <repo>/.leaderboard) and the config file. */
export async function commandContext(flags: RepoFlags): Promise<CommandContext> {
  const repo = await resolveRepo(path.resolve(flags.repo ?? process.cwd()));
  const config = await loadConfig(repo);
  return { repo, config, dataDir: path.resolve(flags.dataDir ?? defaultDataDir(repo)) };
}

/** Parses a whole number option, naming the flag when it is not one. */
export function parseInteger(flag: string, min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || n < min || n > max) {
      throw new LeaderboardError('INVALID_INPUT', `${flag} must be a whole number from ${min} to ${max}, got "${value}".`);
    }
    return n;
  };
}

/** `--since`: a date `YYYY-MM-DD` (UTC) or a number of days back, `90d`. */
export function parseSince(value: string, now = new Date()): Date {
  const days = /^(\d+)d$/.exec(value.trim());
  if (days) {
    const dayStart = Math.floor(now.getTime() / 86_400_000) * 86_400_000;
    return new Date(dayStart - Number(days[1]) * 86_400_000);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    const d = new Date(`${value.trim()}T00:00:00Z`);
    if (!Number.isNaN(d.getTime()) && d.toISOString().startsWith(value.trim())) return d;
  }
  throw new LeaderboardError('INVALID_INPUT', `--since must be a date YYYY-MM-DD or a number of days like 90d, got "${value}".`);
}

/** --since and --all choose the window of a refresh: with --no-refresh there is none to choose. */
export function refuseWindowWithoutRefresh(flags: { refresh: boolean; since?: string | undefined; all?: boolean | undefined }): void {
  if (!flags.refresh && (flags.since || flags.all)) {
    throw new LeaderboardError('INVALID_INPUT', '--since and --all set the window of the refreshes, and --no-refresh turns them off.', 'Drop --no-refresh, or drop --since/--all.');
  }
}

/** `--since` and `--all`: the window of the refreshes of `refresh`, `serve` and `build`. */
export function addWindowOptions(command: Command): Command {
  return command
    .option('--since <date|Nd>', 'analyse from a date (YYYY-MM-DD) or N days back, instead of analysisPeriodDays')
    .option('--all', 'analyse the whole history');
}

/** The refresh window the flags of {@link addWindowOptions} ask for. */
export function windowOf(flags: { since?: string | undefined; all?: boolean | undefined }): { since?: Date; all: boolean } {
  return { ...(flags.since ? { since: parseSince(flags.since) } : {}), all: Boolean(flags.all) };
}
