import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { defaultConfig, loadConfig, type LeaderboardConfig } from '../core/config.js';
import { configuredSources, isRepoUrl, refuseUnknownName, sourcesFromFlags, withoutCredentials, type RepoSource } from '../core/repos/sources.js';
import { LeaderboardError } from '../core/errors.js';
import { REPO_HINT, resolveRepo } from '../core/git/repo.js';
import { dataDirPaths, defaultDataDir } from '../core/store/data-dir.js';
import type { HeldBoard } from '../core/repos/held-board.js';

/** Flags every command that works on a repository takes (`refresh`, `serve` and `build` repeat --repo). */
export interface RepoFlags {
  repo?: string | string[];
  dataDir?: string;
}

export interface CommandContext {
  /** The board's repository: its config file is used, and its data directory is the default. */
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
  /** The repositories of the board (config `repositories`, or several --repo); null: `repo` alone. */
  sources: RepoSource[] | null;
}

/**
 * Resolves --repo (default: current directory), --data-dir (default: <repo>/.leaderboard) and
 * the config file. One --repo that is a directory is the board's repository, as always. Several
 * --repo (or one URL, or one name from the config's `repositories`) are the board's repositories:
 * the config is then the current directory's repository's (else the first path's). Without
 * --data-dir they must be that repository's board (all of its `repositories`), whose data
 * directory would otherwise get a board of others.
 */
export async function commandContext(flags: RepoFlags): Promise<CommandContext> {
  const given = flags.repo === undefined ? [] : [flags.repo].flat();
  const cwd = process.cwd();
  // The current directory's repository and config are read only when --repo names repositories.
  const homeBoard = async () => {
    const home = await resolveRepo(cwd).catch(() => null);
    const config = home ? await loadConfig(home) : null;
    return { home, config, configured: home && config ? configuredSources(config, home) : null };
  };
  const single = given.length === 1 ? (given[0] as string) : undefined;
  let board: Awaited<ReturnType<typeof homeBoard>> | null = null;
  // A bare name (no slash) may be a repository of the config: in a CI matrix job, `--repo api`
  // refreshes that one with the board's settings, even where a folder of that name exists.
  if (single !== undefined && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(single)) {
    board = await homeBoard().catch(() => null);
    if (board?.configured) refuseUnknownName(single, board.configured, cwd);
    if (!board?.configured?.some((s) => s.name === single)) board = null;
  }
  if (given.length === 0 || (single !== undefined && !isRepoUrl(single) && board === null)) {
    const repo = await resolveRepo(path.resolve(single ?? cwd));
    const config = await loadConfig(repo);
    return { repo, config, sources: configuredSources(config, repo), dataDir: path.resolve(flags.dataDir ?? defaultDataDir(repo)) };
  }
  const { home, config: homeConfig, configured } = board ?? (await homeBoard());
  const sources = sourcesFromFlags(given, configured, cwd);
  // The board's own data directory holds all its repositories: a subset written there would
  // replace the board (and drop the others' score caches).
  if (configured && !flags.dataDir && !sameRepositories(sources, configured)) {
    throw new LeaderboardError('INVALID_INPUT', `${repoFlags(given)} is not the whole board of ${home ?? cwd}'s leaderboard.config.json, whose data directory holds all ${configured.length} repositories.`, `Pass --data-dir for a part of the board (e.g. --data-dir part-${sources[0]?.name ?? 'x'}), to merge later with \`leaderboard merge\`.`);
  }
  // A checkout's data directory is the board of that checkout (with no `repositories`): a URL
  // refreshed from inside another checkout replaced that checkout's board with its own. One that
  // holds a board of exactly these repositories already (made there before this check, and
  // served from there since) goes on: writing it there replaces nothing.
  if (home && !configured && !flags.dataDir) {
    const { heldBoard, holdsBoardOf } = await import('../core/repos/held-board.js');
    const held = await heldBoard(defaultDataDir(home));
    if (!(await holdsBoardOf(held, sources, defaultDataDir(home)))) throw notThisBoard(given, sources, home, held);
  }
  const firstPath = sources.find((s): s is RepoSource & { path: string } => 'path' in s);
  const repo = home ?? (firstPath ? await resolveRepo(firstPath.path) : null);
  // Outside any repository there is no board's home: the first repository's own data directory
  // would silently get a board of all of them.
  if (!home && !flags.dataDir) {
    throw new LeaderboardError('INVALID_INPUT', `No git repository in ${cwd} to keep the board of ${given.length === 1 ? 'its repository' : `${given.length} repositories`} in.`, 'Pass --data-dir DIR, or run inside the repository whose leaderboard.config.json lists them in "repositories".');
  }
  const config = repo === home && homeConfig ? homeConfig : repo ? await loadConfig(repo) : defaultConfig();
  return { repo: repo ?? cwd, config, sources, dataDir: path.resolve(flags.dataDir ?? defaultDataDir(repo ?? cwd)) };
}

/**
 * {@link commandContext}, except that with --data-dir outside any repository the repository that
 * data directory was refreshed from is the board's (see {@link recordedContext}); a command that
 * changes manual contributions or overrides must rebuild the board with its settings.
 */
export function manualContext(flags: RepoFlags, reads: 'rebuilds' | 'only reads' = 'rebuilds'): Promise<CommandContext> {
  return withDataDirAlone(flags, false, reads === 'rebuilds');
}

/**
 * {@link manualContext}, except that a data directory whose repository is not there (restoring a
 * backup on another machine, a CI job merging parts) is enough alone, with the default settings
 * (its parent names the repository) when they are the ones its board was built with. With other
 * settings a rebuild here would change the board (people its identities merge shown apart), so
 * that is refused.
 */
export function dataDirContext(flags: RepoFlags): Promise<CommandContext> {
  return withDataDirAlone(flags, true);
}

/** {@link commandContext}; outside any repository with --data-dir alone, see manualContext (and, `standAlone`, dataDirContext). */
async function withDataDirAlone(flags: RepoFlags, standAlone: boolean, rebuilds = true): Promise<CommandContext> {
  refuseRepoUrl(flags);
  let found: CommandContext;
  try {
    found = await commandContext(flags);
  } catch (err) {
    return await dataDirAloneContext(flags, standAlone, err);
  }
  // Rebuilt with this repository's config, another repository's board took its identities and bots.
  if (rebuilds && flags.dataDir !== undefined) await refuseOtherBoard(found, 'rebuild');
  return found;
}

/**
 * After `err`, {@link commandContext}'s failure: with --data-dir alone outside any repository, the
 * context of the repository that data directory was refreshed from (and, `standAlone`, see
 * dataDirContext); otherwise `err` is thrown again.
 */
async function dataDirAloneContext(flags: RepoFlags, standAlone: boolean, err: unknown): Promise<CommandContext> {
  if (flags.dataDir === undefined || flags.repo !== undefined || !(err instanceof LeaderboardError) || err.code !== 'NOT_A_GIT_REPO') throw err;
  const dataDir = path.resolve(flags.dataDir);
  // Only on this path: every other command starts without the state's schema.
  const [{ buildKey, stateSchema }, { readJsonFile }] = await Promise.all([import('../core/refresh-state.js'), import('../core/store/files.js')]);
  const state = await readJsonFile(dataDirPaths(dataDir).state, stateSchema).catch(() => null);
  const recorded = state?.repo ? await recordedContext(state.repo, flags.dataDir) : null;
  if (recorded) return recorded;
  if (!standAlone) throw err;
  if (state && state.buildKey !== buildKey(defaultConfig(), state.version)) {
    throw new LeaderboardError('INVALID_INPUT', `${dataDir} was built with the settings (leaderboard.config.json) of ${state.repo ?? 'its repository'}, which is not a git repository here: rebuilt with the default settings, its board would change.`,
      'Pass --repo with a checkout of that repository (its leaderboard.config.json applies), or run the command inside it.');
  }
  return { repo: path.dirname(dataDir), dataDir, config: defaultConfig(), sources: null };
}

/**
 * The context of a command that refreshes (refresh, build, serve). With --data-dir alone outside
 * any repository, that of the repository the data directory was last refreshed from, as
 * add-contribution does (see manualContext), said on stdout when `announce`; when there is none,
 * the error's hint names --no-refresh for `build` and `serve`, which use the data as it is.
 */
export async function refreshContext(flags: RepoFlags, command: 'refresh' | 'build' | 'serve', announce: boolean): Promise<CommandContext> {
  let found: CommandContext | null = null;
  try {
    found = await commandContext(flags);
  } catch (err) {
    if (flags.repo || !flags.dataDir || !(err instanceof LeaderboardError) || err.code !== 'NOT_A_GIT_REPO') throw err;
    const dataDir = path.resolve(flags.dataDir);
    // As manualContext, from the failure already in hand (the repository is not looked up twice).
    const ctx = await dataDirAloneContext(flags, false, err).catch((e: unknown) => {
      // --no-refresh uses a board as it is: not a folder without one.
      if (!(e instanceof LeaderboardError) || e.code !== 'NOT_A_GIT_REPO' || e.hint !== REPO_HINT || command === 'refresh' || !existsSync(dataDirPaths(dataDir).data)) throw e;
      throw new LeaderboardError(e.code, e.message, `Run inside a git repository, pass --repo PATH, or pass --no-refresh to ${command === 'build' ? 'publish' : 'serve'} ${dataDir} as it is.`);
    });
    // The recorded repository refreshes its own board (or the repositories its config lists): a
    // board of other repositories, made with --repo, would be replaced by it, their caches deleted.
    const { heldBoard, holdsBoardOf } = await import('../core/repos/held-board.js');
    const held = await heldBoard(dataDir);
    if (held.kind === 'repositories' && !(ctx.sources && (await holdsBoardOf(held, ctx.sources, dataDir)))) {
      // A repository given by URL has its mirror in the data directory; a clone, only its path.
      const { mirrorDir } = await import('../core/repos/open.js');
      throw notRecordedBoard(dataDir, ctx.repo, held, command, (name) => existsSync(mirrorDir(dataDir, name)));
    }
    if (announce) console.log(`No git repository in ${process.cwd()}: refreshing ${ctx.dataDir} from ${ctx.repo}, the repository it was last refreshed from.`);
    return ctx;
  }
  if (flags.dataDir !== undefined && found.sources === null) await refuseOtherBoard(found, command);
  return found;
}

/**
 * Refuses a refresh of one checkout (no `repositories`, one --repo or none) into a --data-dir that
 * holds another board: one of other repositories (several --repo), or the board of another
 * checkout on this machine. It was replaced without a word, the other board's caches and mirrors
 * deleted, where the same refresh from outside any repository is refused (see refreshContext).
 * A checkout moved or cloned elsewhere (its recorded path gone, as in CI) refreshes its own board.
 * `rebuild` (the commands that change manual contributions or overrides, and merge): any board
 * whose recorded repository (the one whose config built it) is another checkout on this machine;
 * rebuilt with this one's config, it took its identities, bots and credit.
 */
async function refuseOtherBoard(ctx: CommandContext, command: 'refresh' | 'build' | 'serve' | 'rebuild'): Promise<void> {
  const [{ heldBoard, holdsBoardOf }, { mirrorDir }] = await Promise.all([import('../core/repos/held-board.js'), import('../core/repos/open.js')]);
  const held = await heldBoard(ctx.dataDir);
  const elsewhere = `pass another --data-dir for the board of ${ctx.repo} (by default ${defaultDataDir(ctx.repo)})${command === 'refresh' || command === 'rebuild' ? '' : `, or pass --no-refresh to ${command === 'build' ? 'publish' : 'serve'} ${ctx.dataDir} as it is`}.`;
  let recorded: string | null;
  if (command === 'rebuild') {
    // Rebuilt from its caches, a board of several repositories is not replaced: only the config counts.
    recorded = held.kind === 'none' ? null : await recordedRepo(ctx.dataDir);
  } else if (held.kind === 'repositories') {
    if (await holdsBoardOf(held, [{ name: path.basename(ctx.repo), path: ctx.repo }], ctx.dataDir)) return;
    const again = againFlags(held, (name) => existsSync(mirrorDir(ctx.dataDir, name)));
    throw new LeaderboardError('INVALID_INPUT', `${ctx.dataDir} holds a board of ${held.parts.length === 1 ? 'one other repository' : `${held.parts.length} repositories`}, ${heldNames(held)}; a refresh of ${ctx.repo} alone would replace it.`,
      `Name its repositories again (leaderboard ${command} ${again} --data-dir ${ctx.dataDir}), or ${elsewhere}`);
  } else {
    recorded = held.kind === 'own' ? held.repo : null;
  }
  if (!recorded || path.resolve(recorded) === ctx.repo || !existsSync(recorded)) return;
  if ((await resolveRepo(recorded).catch(() => null)) !== path.resolve(recorded)) return;
  // Another checkout of the same repository (a worktree, a second clone) is this board's.
  if (await sameRepository(recorded, ctx.repo)) return;
  const harm = command === 'rebuild'
    ? `rebuilt from ${ctx.repo}, it would take that repository's leaderboard.config.json (identities, bots, credit)`
    : `a refresh of ${ctx.repo} would replace it`;
  throw new LeaderboardError('INVALID_INPUT', `${ctx.dataDir} holds the board of ${recorded}, another repository; ${harm}.`,
    `Run the command inside ${recorded} (or pass --repo ${recorded}), or ${elsewhere}`);
}

/**
 * What a rebuild of `ctx`'s data directory from `ctx.repo` would be refused with (another
 * repository's board, rebuilt with this one's config), or null when it is this repository's.
 */
export async function otherBoardRefusal(ctx: CommandContext): Promise<LeaderboardError | null> {
  try {
    await refuseOtherBoard(ctx, 'rebuild');
    return null;
  } catch (err) {
    if (err instanceof LeaderboardError && err.code === 'INVALID_INPUT') return err;
    throw err;
  }
}

/** The repository a data directory's refresh state records (whose config built its board); null when none. */
async function recordedRepo(dataDir: string): Promise<string | null> {
  const [{ stateSchema }, { readJsonFile }] = await Promise.all([import('../core/refresh-state.js'), import('../core/store/files.js')]);
  return (await readJsonFile(dataDirPaths(dataDir).state, stateSchema).catch(() => null))?.repo ?? null;
}

/**
 * Whether two checkouts are of one repository: worktrees of one (one common git folder), or clones
 * of one remote (the same origin) sharing a first commit. A fork shares the first commits but
 * not the origin: it is another repository, whose board it would replace.
 */
async function sameRepository(a: string, b: string): Promise<boolean> {
  const { runGit } = await import('../core/git/run-git.js');
  const out = (dir: string, args: string[]) => runGit(dir, args, { okCodes: [0, 1] }).then((r) => r.stdout.trim(), () => '');
  const common = async (dir: string) => path.resolve(dir, await out(dir, ['rev-parse', '--git-common-dir']));
  if ((await common(a)) === (await common(b))) return true;
  const [originA, originB] = await Promise.all([a, b].map((d) => out(d, ['config', '--get', 'remote.origin.url'])));
  if (!originA || withoutCredentials(originA) !== withoutCredentials(originB as string)) return false;
  const [rootsA, rootsB] = await Promise.all([a, b].map((d) => out(d, ['rev-list', '--max-parents=0', 'HEAD']).then((t) => t.split('\n').filter(Boolean))));
  return (rootsA as string[]).some((h) => (rootsB as string[]).includes(h));
}

/** The repositories of a held board as the refusals name them: `A (URL), B`. */
function heldNames(held: Extract<HeldBoard, { kind: 'repositories' }>): string {
  return held.parts.map((p) => (p.url ? `${p.name} (${withoutCredentials(p.url)})` : p.name)).join(', ');
}

/** The --repo flags that refresh a held board again: a mirrored repository's URL, else a placeholder for a clone's path. */
function againFlags(held: Extract<HeldBoard, { kind: 'repositories' }>, mirrored: (name: string) => boolean): string {
  return held.parts.map((p) => `--repo ${p.url && mirrored(p.name) ? withoutCredentials(p.url) : `<path of ${p.name}>`}`).join(' ');
}

/**
 * The context of `repo`, the repository a data directory records it was last refreshed from,
 * with that repository's config; null when it is no longer a git repository.
 */
async function recordedContext(repo: string, dataDir: string): Promise<CommandContext | null> {
  try {
    return await commandContext({ repo, dataDir });
  } catch (err) {
    if (err instanceof LeaderboardError && err.code === 'NOT_A_GIT_REPO') return null;
    throw err;
  }
}

/**
 * The refusal to refresh, from the repository it records, a data directory that holds a board of
 * other repositories (made with --repo): the command that refreshes it names them again.
 */
function notRecordedBoard(dataDir: string, repo: string, held: Extract<HeldBoard, { kind: 'repositories' }>, command: string, mirrored: (name: string) => boolean): LeaderboardError {
  const again = againFlags(held, mirrored);
  return new LeaderboardError('INVALID_INPUT', `${dataDir} holds a board of ${held.parts.length === 1 ? 'one repository' : `${held.parts.length} repositories`}, ${heldNames(held)}, not the board of ${repo}, the repository it was last refreshed from; refreshed from there, it would be replaced.`,
    `Name its repositories again: leaderboard ${command} ${again} --data-dir ${dataDir}${command === 'refresh' ? '' : `, or pass --no-refresh to ${command === 'build' ? 'publish' : 'serve'} it as it is`}`);
}

/**
 * The refusal of a board of other repositories in the default data directory of `home`, a
 * checkout with no `repositories`, saying what that directory holds: nothing yet, the checkout's
 * own board, or a board of other repositories (whose manual contributions and overrides only
 * listing them in "repositories" keeps).
 */
function notThisBoard(given: readonly string[], sources: readonly RepoSource[], home: string, held: HeldBoard): LeaderboardError {
  const dataDir = defaultDataDir(home);
  const others = repoFlags(given);
  const config = path.join(home, 'leaderboard.config.json');
  const example = `--data-dir ${given.length === 1 ? `../leaderboard-${sources[0]?.name ?? 'board'}` : '../org-leaderboard'}`;
  if (held.kind === 'repositories') {
    return new LeaderboardError('INVALID_INPUT', `${dataDir} holds a board of ${held.parts.length === 1 ? 'one other repository' : `${held.parts.length} repositories`}, ${heldNames(held)}; a board of ${others} written there would replace it.`,
      `List the repositories you give to --repo in "repositories" of ${config} to make them this repository's board: it stays in ${dataDir}, with its manual contributions and AI overrides. `
      + `Or pass --data-dir DIR to start a new board (e.g. ${example}); what ${dataDir} holds, its manual contributions too, stays behind there.`);
  }
  const message = held.kind === 'own'
    ? `${dataDir} holds the board of ${home}, the git repository you are in; a board of ${others} written there would replace it.`
    : `${dataDir} is the data directory of ${home}, the git repository you are in, and is for its own board, not one of ${others}.`;
  return new LeaderboardError('INVALID_INPUT', message,
    `Pass --data-dir DIR for a board of ${given.length === 1 ? 'its' : 'their'} own (e.g. ${example}), or list the repositories in "repositories" of ${config} to make them this repository's board (in ${dataDir}, in place of its own).`);
}

/** `--repo a --repo b` as given, without a token a URL holds (how CI clones private repositories): it is not echoed to the log. */
function repoFlags(given: readonly string[]): string {
  return `--repo ${given.map(withoutCredentials).join(' --repo ')}`;
}

/**
 * Commands whose --repo is a local checkout (`<path>`): a URL there named no checkout, and they
 * went on with the current directory's board (`export` exported it, `add-contribution` added to
 * it). `dataDir`: whether the command takes --data-dir instead.
 */
export function refuseRepoUrl(flags: Pick<RepoFlags, 'repo'>, dataDir = true): void {
  const url = [flags.repo ?? []].flat().find(isRepoUrl);
  if (url === undefined) return;
  throw new LeaderboardError('INVALID_INPUT', `--repo ${withoutCredentials(url)} is a URL; this command works on a local checkout${dataDir ? ' or a data directory' : ''}.`,
    dataDir ? 'Pass the path of a clone with --repo, or the board\'s data directory with --data-dir (where `leaderboard refresh --repo URL --data-dir DIR` wrote it).' : 'Clone it, and pass the clone\'s path with --repo (or run the command inside it).');
}

function sameRepositories(a: readonly RepoSource[], b: readonly RepoSource[]): boolean {
  const key = (s: RepoSource) => `${s.name}\0${'url' in s ? s.url : s.path}`;
  const keys = new Set(b.map(key));
  return a.length === b.length && a.every((s) => keys.has(key(s)));
}

/** Collects a repeated option's values (commander calls it once per occurrence). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A parser of a flag that names a file or folder: empty (an unset variable), it named the current directory. */
export function nonEmptyPath(flag: string, what: string): (value: string) => string {
  return (value) => {
    if (value.trim() === '') throw new LeaderboardError('INVALID_INPUT', `${flag} is empty.`, `Pass ${what}; a variable meant to name it may be unset.`);
    return value;
  };
}

export const parseDataDir = nonEmptyPath('--data-dir', 'the folder to keep the board in (default: <repo>/.leaderboard)');

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
    if (!Number.isNaN(d.getTime()) && d.toISOString().startsWith(value.trim())) {
      // A window that starts after today holds nothing, and its count of days is negative.
      if (d.getTime() > now.getTime()) {
        throw new LeaderboardError('INVALID_INPUT', `--since ${value.trim()} is after today (${now.toISOString().slice(0, 10)}): the window would hold no commits.`, 'Give a date up to today, or a number of days back like 90d.');
      }
      return d;
    }
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
  // Both were accepted, and --all silently won.
  if (flags.all && flags.since) throw new LeaderboardError('INVALID_INPUT', '--all and --since both set the window of the refresh: pass one of them.', '--all analyses the whole history; --since from a date (YYYY-MM-DD) or N days back (90d).');
  return { ...(flags.since ? { since: parseSince(flags.since) } : {}), all: Boolean(flags.all) };
}
