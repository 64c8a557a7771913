import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { LeaderboardError } from '../../core/errors.js';
import { aiDryRun, type AiDryRunReport } from '../../core/ai/dry-run.js';
import { resolveAiSettings, type AiFlags } from '../../core/ai/settings.js';
import { refresh, type RefreshResult } from '../../core/refresh.js';
import { stateSchema } from '../../core/refresh-state.js';
import { dataDirPaths, defaultDataDir } from '../../core/store/data-dir.js';
import { readJsonFile } from '../../core/store/files.js';
import { isRepoUrl } from '../../core/repos/sources.js';
import { recordFailure } from '../../core/store/status.js';
import { windowBeyondHistory } from '../../shared/history-span.js';
import type { AiStep } from '../../shared/status-file.js';
import { addAiOptions } from '../ai-options.js';
import { addWindowOptions, collect, type CommandContext, parseDataDir, parseInteger, refreshContext, type RepoFlags, windowOf } from '../context.js';
import { terminalProgress } from '../progress.js';
import { sayOnSignal } from '../signal-exit.js';

/** The flags of `refresh`, which `build` shares. */
export interface RefreshFlags extends RepoFlags, AiFlags {
  since?: string;
  all?: boolean;
  pull?: boolean;
  quiet?: boolean;
  commitsPerEntry?: number;
  rescoreAi?: boolean;
  aiDryRun?: boolean;
}

/** `leaderboard refresh`: analyse the history and write the data directory. */
export function registerRefresh(program: Command): void {
  const command = program
    .command('refresh')
    .description('Read the git history, score new commits and write the leaderboard data')
    .option('--repo <path|url|name>', 'repository to analyse (default: current directory); repeat it for a board of several', collect)
    .option('--data-dir <dir>', 'where the data files go (default: <repo>/.leaderboard)', parseDataDir)
    .option('--pull', 'fast-forward the repository from its upstream first')
    .option('--commits-per-entry <n>', 'commits listed per contributor entry (default 20)', parseInteger('--commits-per-entry', 1, 1000))
    .option('-q, --quiet', 'no progress display; print a one-line summary');
  addAiOptions(addWindowOptions(command))
    .option('--rescore-ai', 'ask the AI provider again about commits it scored with another model or prompt version')
    .option('--ai-dry-run', 'print how many commits would be sent to the AI provider and an estimate of the tokens; send and write nothing')
    .action(async (flags: RefreshFlags) => {
      const ctx = await refreshContext(flags, 'refresh', !flags.quiet).catch(async (err: unknown) => {
        await recordEarlyFailure(flags, err);
        throw err;
      });
      if (flags.commitsPerEntry) ctx.config.commitsPerEntry = flags.commitsPerEntry;
      if (flags.aiDryRun && ctx.sources && ctx.sources.length > 1) {
        throw new LeaderboardError('INVALID_INPUT', `--ai-dry-run estimates one repository at a time; this board has ${ctx.sources.length}.`, `Add --repo NAME (one of ${ctx.sources.map((s) => s.name).join(', ')}).`);
      }
      if (flags.aiDryRun) {
        const settings = resolveAiSettings(ctx.config, flags, process.env, false);
        if (!settings) throw new LeaderboardError('INVALID_INPUT', '--ai-dry-run needs an AI provider.', 'Add --ai openai or --ai anthropic (or set ai.provider in leaderboard.config.json).');
        const only = ctx.sources?.[0];
        if (only && !('path' in only)) throw new LeaderboardError('INVALID_INPUT', `--ai-dry-run reads a local clone; "${only.name}" is given by URL.`, 'Refresh it once (which mirrors it), or pass the path of a clone with --repo.');
        const repo = only && 'path' in only ? only.path : ctx.repo;
        console.log(describeDryRun(await aiDryRun({ ...ctx, repo, ...windowOf(flags), rescoreAi: Boolean(flags.rescoreAi) }, settings)));
        return;
      }
      await refreshAndReport(ctx, flags);
    });
}

/**
 * Runs a refresh as `refresh` does (progress on a terminal, the window and AI flags) and prints
 * its summary and any warning; also the first step of `build`.
 */
export async function refreshAndReport(ctx: CommandContext, flags: RefreshFlags): Promise<RefreshResult> {
  const window = windowOf(flags);
  const aiSettings = resolveAiSettings(ctx.config, flags);
  if (flags.rescoreAi && !aiSettings) throw new LeaderboardError('INVALID_INPUT', '--rescore-ai needs an AI provider.', 'Add --ai openai or --ai anthropic (or set ai.provider in leaderboard.config.json).');
  const progress = flags.quiet ? undefined : terminalProgress();
  const started = Date.now();
  // With an AI provider, a first Ctrl-C sends nothing more and keeps the answers on their way
  // (paid for: exiting at once lost them, and the next refresh asked again); the board is then
  // written with the local estimate for the rest. A second Ctrl-C exits at once.
  const stop = new AbortController();
  const onInterrupt = () => {
    if (stop.signal.aborted) return signals.exit('SIGINT');
    progress?.done();
    console.error('Stopping: no more commits are sent to the AI provider; the answers on their way are kept and the board is written with the local estimate for the rest. Ctrl-C again exits at once.');
    stop.abort();
  };
  // Any other stop (SIGTERM, Ctrl-C without AI, a second Ctrl-C) ends the process at once, as the
  // signal does, but says so: it exited 130 or 143 without a word.
  const signals = sayOnSignal(() => INTERRUPTED, { before: () => progress?.done(), ...(aiSettings ? { sigint: onInterrupt } : {}) });
  try {
    const result = await refresh({
      ...ctx,
      ...window,
      pull: Boolean(flags.pull),
      aiSettings,
      rescoreAi: Boolean(flags.rescoreAi),
      ...(aiSettings ? { signal: stop.signal } : {}),
      // The GitHub token for reviews comes from the environment (or gh), never from a flag.
      env: process.env,
      ...(progress ? { onProgress: progress.update } : {}),
    });
    progress?.done();
    if (result.cacheProblem) console.log(`Note: ${result.cacheProblem}`);
    if (result.aiCacheProblem) console.log(`Note: ${result.aiCacheProblem}`);
    if (result.shallow) console.log(`Note: ${shallowNote(result.shallow)}`);
    if (result.undated) console.log(`Note: ${undatedNote(result.undated)}`);
    if (result.future) console.log(`Note: ${futureNote(result.future)}`);
    if (result.pathsReread) console.log(`Note: ${pathsRereadNote(result.repositories ? result.pathsReread : [])}`);
    console.log(summarize(result, Date.now() - started));
    if (result.ai?.partial) console.error(partialWarning(result.ai));
    const activity = activityWarning(result);
    if (activity) console.error(activity);
    if (stop.signal.aborted) process.exitCode = 130;
    return result;
  } finally {
    signals.release();
    progress?.done();
  }
}

/**
 * Said when a refresh is stopped by a signal. True at any point: every file of the data directory
 * is replaced whole (a temp file renamed over it) or left as it was, a temp file left behind is
 * removed by the next command, and so is the lock (its owner has exited); the scores and AI answers
 * already saved are reused by the next refresh, which does the rest.
 */
export const INTERRUPTED = 'Refresh interrupted: no file was left half-written (each is replaced whole or not at all), '
  + 'and the next refresh goes on from what was saved.';

/**
 * The warning after a refresh whose reviews were not read although a token was found: the sync
 * failed, or no repository of the board is on GitHub (else the user who set a token learnt nothing).
 */
export function activityWarning(r: Pick<RefreshResult, 'activity' | 'activityKept' | 'activityNote'>): string | null {
  // Said only when something was: a first sync refused at once read nothing to keep.
  if (r.activity?.state !== 'failed') return r.activityNote ? `Warning: ${r.activityNote}` : null;
  // A board of several names the repositories that failed, which may have read nothing: what is
  // kept may be the others'.
  const kept = r.activity.error.startsWith('Reviews not updated for ') ? ' The review data read so far is kept.' : ' The last review data read is kept.';
  return `Warning: ${r.activity.error}.${r.activity.syncedAt !== null || r.activityKept ? kept : ''}`;
}

/** What `--ai-dry-run` prints. */
export function describeDryRun(r: AiDryRunReport): string {
  const tokens = (n: number) => n.toLocaleString('en-US');
  return `AI dry run (${r.source}): ${plural(r.toSend, 'commit')} of ${r.inWindow} in the window would be sent, ` +
    `about ${tokens(r.inputTokens)} input and ${tokens(r.outputTokens)} output tokens (estimated at 4 characters a token). ` +
    `${r.cached} already answered in the AI cache; ${r.skipped} never sent (bots, or no counted file). Nothing was sent.`;
}

/** The warning after a refresh whose AI step fell short. */
export function partialWarning(ai: AiStep): string {
  return `Warning: the AI step was partial: ${plural(ai.failed, 'commit')} got the local estimate instead (${ai.error ?? 'the provider failed'}). ` +
    'The next refresh asks about them again.';
}

/**
 * `refresh` records its own failures in last-update.json, but one before it starts (the
 * repository became unreadable, e.g. a broken .git/HEAD, or the config file broke) was not
 * recorded, so the page went on showing the last success. It is recorded in the data directory
 * the flags point at, only when an earlier refresh wrote a status file there.
 */
async function recordEarlyFailure(flags: RepoFlags, err: unknown): Promise<void> {
  const given = [flags.repo ?? []].flat();
  // Without --data-dir, several --repo, or a URL, are not the board of the first one's data
  // directory (a typo in another folder's `--repo ../api --repo ../api` was recorded as api's
  // failure). With it, the folder is named: its state's repository tells whether it is its board.
  if (!flags.dataDir && (given.length > 1 || given.some(isRepoUrl))) return;
  const paths = given.filter((g) => !isRepoUrl(g));
  const first = path.resolve(paths[0] ?? process.cwd());
  const dir = path.resolve(flags.dataDir ?? defaultDataDir(first));
  const { status, state } = dataDirPaths(dir);
  if (!existsSync(status)) return;
  // Run from the wrong folder (or with a mistyped --repo), it is not that board's failure.
  const built = (await readJsonFile(state, stateSchema).catch(() => null))?.repo;
  // Both as the file system has them: the state holds the real path, --repo may go through a link.
  const real = (p: string) => realpath(p).catch(() => p);
  const inside = async (top: string, p: string) => {
    const rel = path.relative(await real(top), await real(p));
    return !rel.startsWith('..') && !path.isAbsolute(rel);
  };
  // A board of several (or of URLs) is kept by the repository it is run in, else by the first path's (see commandContext).
  const candidates = given.length > 1 || paths.length < given.length ? [process.cwd(), first] : [first];
  if (built !== undefined && !(await someTrue(candidates.map((c) => inside(built, c))))) return;
  await recordFailure(status, err);
}

async function someTrue(checks: Promise<boolean>[]): Promise<boolean> {
  return (await Promise.all(checks)).some(Boolean);
}

/** The one-line summary printed after a refresh; with `ms`, how long it took. */
export function summarize(r: RefreshResult, ms?: number): string {
  const where = path.relative(process.cwd(), r.dataFile) || r.dataFile;
  const pulled = r.pulled ? (r.pulled.before === r.pulled.after ? 'Already up to date with upstream. ' : `Pulled ${short(r.pulled.before)}..${short(r.pulled.after)}. `) : '';
  const ai = r.aiSource === 'heuristic'
    ? ' AI part: local heuristic estimate (no AI provider configured).'
    : ` AI part: ${r.aiSource}${r.ai ? ` (${r.ai.sent} asked, ${r.ai.cached} from the AI cache, ${r.ai.failed} fell back to the local estimate)` : ''}.${otherModels(r.aiFromOtherModels, r.aiSource)}`;
  if (r.upToDate && r.repositories) return `${pulled}Up to date: nothing new to analyse in ${r.repositories.length} repositories (${where}).`;
  if (r.upToDate) return `${pulled}Up to date at ${short(r.head)}: nothing new to analyse (${where}).`;
  return `${pulled}Analysed ${plural(r.commitsInWindow, 'commit')} over ${plural(r.analysisPeriodDays, 'day')} (${r.scored} scored, ${r.commitsInWindow - r.scored} cached${r.dropped ? `, ${r.dropped} dropped` : ''}), ` +
    `${plural(r.contributors, 'contributor')}${ms === undefined ? '' : `, in ${(ms / 1000).toFixed(1)}s`} -> ${where}.${repos(r)}${botsLeftOut(r)}${emptyWindow(r)}${ai}${credited(r)}`;
}

// A board of several repositories: how many commits each gave.
function repos(r: RefreshResult): string {
  return r.repositories ? ` Repositories: ${r.repositories.map((x) => `${x.name} ${x.commits}`).join(', ')}.` : '';
}

// The board leaves bots out, and so does the count above: said, or a history's count looks short.
function botsLeftOut(r: RefreshResult): string {
  return r.bots ? ` Bots: ${plural(r.bots, 'commit')} left out.` : '';
}

// An old history (an archived project, a stale mirror) gives an empty window; say so, or it looks broken.
function emptyWindow(r: RefreshResult): string {
  if (r.commitsInWindow > 0) return '';
  // Commits left out for their dates (said in a note of their own) are commits all the same.
  if (r.history === null) return r.future || r.undated ? '' : ' The repository has no commits yet.';
  const beyond = windowBeyondHistory(r);
  return beyond
    ? ` The newest commit is from ${beyond.newest}, before the window (since ${beyond.windowStart}): run again with --all for the whole history, or --since ${beyond.since} for the year up to it.`
    : '';
}

// Said only when a credit rule changed something, so plain histories keep their one short line.
function credited(r: RefreshResult): string {
  const parts: string[] = [];
  if (r.credit?.cancelled) parts.push(`${plural(r.credit.cancelled, 'commit')} cancelled by reverts (scored 0)`);
  if (r.credit?.coAuthored) parts.push(`${plural(r.credit.coAuthored, 'commit')} credited to co-authors too`);
  return parts.length > 0 ? ` Credit: ${parts.join('; ')}.` : '';
}

// Answers of an earlier model are kept on purpose (asking again costs money): say how to.
function otherModels(n: number | undefined, current: string): string {
  if (!n) return '';
  const [them, s] = n === 1 ? ['it', 's'] : ['them', ''];
  return ` ${plural(n, 'commit')} keep${s} the AI score another model gave ${them}; \`leaderboard refresh --rescore-ai\` asks ${current} about ${them}.`;
}

function short(hash: string | null): string {
  return hash ? hash.slice(0, 8) : '(no commits)';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Said of commits a refresh left out for an author date after tomorrow (a clock set wrong). */
export function futureNote(n: number): string {
  return `${plural(n, 'commit')} left out: ${n === 1 ? 'its' : 'their'} author date is after tomorrow (a clock set wrong when ${n === 1 ? 'it was' : 'they were'} made). ${n === 1 ? 'It counts' : 'They count'} from that date on.`;
}

/** Said of commits a refresh left out for their author date (git fsck calls such commits broken). */
export function undatedNote(n: number): string {
  return `${plural(n, 'commit')} left out: ${n === 1 ? 'its' : 'their'} author date is one git cannot give (malformed, before 1970 or after 9999; \`git fsck\` lists ${n === 1 ? 'it' : 'them'}), so no period can hold ${n === 1 ? 'it' : 'them'}.`;
}

/**
 * Said by the refresh that rescored commits only because `exclusions.paths` patterns are read
 * otherwise now (as .gitignore lines): the same config then gives other counts. `names`: the
 * repositories of a board of several it rescored for that.
 */
export function pathsRereadNote(names: readonly string[]): string {
  const which = names.length > 0 ? ` of ${names.join(', ')}` : '';
  return `exclusions.paths is now read as .gitignore lines: a pattern that names a folder ("docs", "test*", "src/*") leaves out everything under it, `
    + `so the commits${which} were scored again and their counts may differ. To leave out files only, name the files ("docs/*.md").`;
}

/** Said on every refresh of a shallow clone, whose board silently lacked the older history. */
export function shallowNote(names: readonly string[]): string {
  const which = names.length === 1 ? `${names[0]} is a shallow clone` : `${names.join(', ')} are shallow clones`;
  return `${which}: the board holds only the commits fetched. Run \`git fetch --unshallow\` for the whole history (in GitHub Actions: actions/checkout with fetch-depth: 0).`;
}
