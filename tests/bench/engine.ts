import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { appendCommitsQuick } from './append-quick.js';
import { appendCommits, type RepoParams } from './synthetic-repo.js';
import { isolatedEnv, median, run } from './util.js';

/** Shapes from this many commits append with {@link appendCommitsQuick}. */
const QUICK_APPEND_FROM = 500_000;

const BIN = path.resolve('bin/leaderboard.js');
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const TIME = '/usr/bin/time';
// Without GNU time: the refresh process reports its own peak RSS (KB) as it exits.
const RSS_HOOK = 'data:text/javascript,process.on("exit",()=>process.stderr.write("BENCH_MAXRSS_KB "+process.resourceUsage().maxRSS+"\\n"))';

interface DataFileShape {
  total_commits_analyzed: number;
  /** Rows whose last value may be an object of the fields that apply (schema_version 3 and 4). */
  commits?: unknown[][];
  leaderboards: unknown;
  metadata: { totalContributors?: number };
}

/** Where the data file's bytes go. */
export interface DataBreakdown {
  commitRows: number;
  commitsTable: number;
  leaderboards: number;
  /** Bytes of the `scores.ai_reason` values (with their key) in the rows of the commits table. */
  aiReason: number;
}

const jsonBytes = (x: unknown): number => Buffer.byteLength(JSON.stringify(x) ?? '');

function breakdown(data: DataFileShape): DataBreakdown {
  const commits = data.commits ?? [];
  let aiReason = 0;
  for (const row of commits) {
    const extras = row.at(-1);
    const r = typeof extras === 'object' && extras !== null ? (extras as Record<string, unknown>)['scores.ai_reason'] : undefined;
    if (typeof r === 'string') aiReason += jsonBytes(r) + ',"scores.ai_reason":'.length;
  }
  return { commitRows: commits.length, commitsTable: jsonBytes(commits), leaderboards: jsonBytes(data.leaderboards), aiReason };
}

/** One `leaderboard refresh` child process. */
export interface RefreshRun {
  ms: number;
  /** Peak RSS in KB of the refresh (the largest of its process and the git processes it waited for, with GNU time). */
  maxRssKb: number | null;
  /** CPU time (user + system) in ms of the refresh and the git processes it waited for, with GNU time; else null. */
  cpuMs: number | null;
  summary: string;
  analysed: number | null;
  scored: number | null;
  /** Bots' commits in the window (left out of `analysed` and `scored`, as of the board). */
  bots: number;
  upToDate: boolean;
}

export interface EngineResult {
  /** Medians of the alternated runs; `runs` has each. */
  gitLog: { ms: number; bytes: number; commits: number; runs: number[]; cpuMs: number | null };
  full: RefreshRun & { runs: number[] };
  noChange: RefreshRun[];
  /** The same refreshes as refresh() calls timed inside a node process that has loaded the engine. */
  inProcess: { full: number; noChange: number; scored: number; upToDate: boolean } | null;
  cliStartupMs: number;
  plus100: RefreshRun;
  appended: number;
  appendMs: number;
  dataBytes: number;
  dataBreakdown: DataBreakdown;
  commitsAnalyzed: number;
  contributors: number;
  rssSource: string;
}

export async function runRefresh(repo: string, dataDir: string, extraArgs: readonly string[] = [], env?: NodeJS.ProcessEnv): Promise<RefreshRun> {
  const args = [BIN, 'refresh', '--repo', repo, '--data-dir', dataDir, '--quiet', ...extraArgs];
  const useTime = existsSync(TIME);
  const res = useTime
    ? await run(TIME, ['-v', process.execPath, ...args], { env })
    : await run(process.execPath, ['--import', RSS_HOOK, ...args], { env });
  const rss = (useTime ? /Maximum resident set size \(kbytes\): (\d+)/ : /BENCH_MAXRSS_KB (\d+)/).exec(res.stderr);
  const m = /Analysed (\d+) commits? .*?\((\d+) scored/.exec(res.stdout);
  return {
    ms: res.ms,
    maxRssKb: rss ? Number(rss[1]) : null,
    cpuMs: useTime ? cpuOfTimeV(res.stderr) : null,
    summary: res.stdout.trim(),
    analysed: m ? Number(m[1]) : null,
    scored: m ? Number(m[2]) : null,
    bots: Number(/ Bots: (\d+) commits? left out\./.exec(res.stdout)?.[1] ?? 0),
    upToDate: /Up to date/.test(res.stdout),
  };
}

const medianOrNull = (xs: readonly (number | null)[]): number | null => (xs.every((x): x is number => x !== null) && xs.length > 0 ? median(xs) : null);

/** User + system seconds of GNU time -v's report, in ms (null when it has none). */
function cpuOfTimeV(stderr: string): number | null {
  const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
  const system = /System time \(seconds\): ([\d.]+)/.exec(stderr);
  return user && system ? (Number(user[1]) + Number(system[1])) * 1000 : null;
}

// Runs in a child node: imports the built engine, then times resolveRepo + loadConfig + refresh()
// as the CLI's refresh command calls them, without node's start-up and module loading.
const IN_PROCESS = `import { pathToFileURL } from 'node:url';
const [repoArg, dataDir, dist, all] = process.argv.slice(1);
const load = (p) => import(pathToFileURL(dist + p).href);
const { refresh } = await load('/core/refresh.js');
const { loadConfig } = await load('/core/config.js');
const { resolveRepo } = await load('/core/git/repo.js');
const t = performance.now();
const repo = await resolveRepo(repoArg);
const r = await refresh({ repo, dataDir, config: await loadConfig(repo), all: all === 'all' });
process.stdout.write(JSON.stringify({ ms: performance.now() - t, upToDate: r.upToDate, scored: r.scored }));`;

/** One refresh() call in a fresh node process that has already loaded the engine. */
export async function inProcessRefresh(repo: string, dataDir: string, all = false): Promise<{ ms: number; upToDate: boolean; scored: number }> {
  const res = await run(process.execPath, ['--input-type=module', '-e', IN_PROCESS, repo, dataDir, path.resolve('dist'), all ? 'all' : '']);
  return JSON.parse(res.stdout) as { ms: number; upToDate: boolean; scored: number };
}

/** `leaderboard --version`: what node's start-up and loading the CLI's modules cost. */
export async function cliStartup(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) times.push((await run(process.execPath, [BIN, '--version'])).ms);
  return median(times);
}

/**
 * The baseline: ONE `git log --numstat` process over the same window with the flags the engine
 * uses (rename detection, no merges, mailmap, -z, the same format and pinned config), its
 * output counted and thrown away.
 */
export function gitLogBaseline(repo: string, now = Date.now(), all = false): Promise<{ ms: number; bytes: number; commits: number; cpuMs: number | null }> {
  const DAY = 86_400_000;
  const since = all ? null : new Date(Math.floor(now / DAY) * DAY - 365 * DAY).toISOString();
  const args = [
    '-c', 'core.quotePath=false', '-c', 'color.ui=never', '-c', 'log.showSignature=false', '-c', 'diff.relative=false',
    '-c', 'diff.algorithm=myers', '-c', 'i18n.logOutputEncoding=UTF-8',
    'log', '--no-merges', '-z', '--numstat', '-M', '--use-mailmap', '--no-color', '--no-ext-diff', '--no-textconv',
    '--encoding=UTF-8', '--format=%x01%H%x00%aN%x00%aE%x00%at%x00%B%x00', ...(since ? [`--since=${since}`] : []), 'HEAD', '--',
  ];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // GIT_FLUSH=0 as the engine sets it: git would otherwise write each record with its own syscall.
    // Through GNU time for its CPU (what two cores can share), reported on stderr's last line.
    const useTime = existsSync(TIME);
    const child = useTime
      ? spawn(TIME, ['-f', 'BENCH_CPU %U %S', 'git', ...args], { cwd: repo, env: { ...isolatedEnv(), GIT_FLUSH: '0' }, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('git', args, { cwd: repo, env: { ...isolatedEnv(), GIT_FLUSH: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let commits = 0;
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      bytes += b.length;
      for (let i = b.indexOf(1); i >= 0; i = b.indexOf(1, i + 1)) commits++;
    });
    child.stderr.on('data', (b: Buffer) => { stderr += b.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      const cpu = /BENCH_CPU ([\d.]+) ([\d.]+)/.exec(stderr);
      if (code === 0) resolve({ ms: performance.now() - started, bytes, commits, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null });
      else reject(new Error(`git log exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/** How a shape is measured: its refresh flags, the number of alternated runs, and whether to time refresh() in-process too. */
export interface EngineOptions {
  refreshArgs?: readonly string[];
  repeat?: number;
  inProcess?: boolean;
}

/** Every engine measurement, in order, on a clone of the synthetic repository. */
export async function measureEngine(
  clone: string, dataDir: string, params: RepoParams, log: (s: string) => void, snapshotDir?: string, opts: EngineOptions = {},
): Promise<EngineResult> {
  const args = opts.refreshArgs ?? [];
  const all = args.includes('--all');
  const repeat = opts.repeat ?? REPEAT;
  // Alternated, so that load from elsewhere on the machine hits both alike; medians are reported.
  log(`git log --numstat (one warm-up) and full refresh, alternated ${repeat} times...`);
  if (repeat > 1) await gitLogBaseline(clone, Date.now(), all);
  const gitLogs: { ms: number; bytes: number; commits: number; cpuMs: number | null }[] = [];
  const fulls: RefreshRun[] = [];
  for (let i = 0; i < repeat; i++) {
    gitLogs.push(await gitLogBaseline(clone, Date.now(), all));
    const dir = i === repeat - 1 ? dataDir : `${dataDir}-full-${i}`;
    const r = await runRefresh(clone, dir, args);
    if (r.upToDate || r.analysed === null) throw new Error(`The full refresh did not analyse anything: ${r.summary}`);
    fulls.push(r);
    if (dir !== dataDir) await rm(dir, { recursive: true, force: true });
  }
  const gitLog = { ...gitLogs.at(-1)!, ms: median(gitLogs.map((g) => g.ms)), runs: gitLogs.map((g) => g.ms), cpuMs: medianOrNull(gitLogs.map((g) => g.cpuMs)) };
  const maxRss = Math.max(...fulls.map((r) => r.maxRssKb ?? NaN));
  const full = { ...fulls.at(-1)!, ms: median(fulls.map((r) => r.ms)), runs: fulls.map((r) => r.ms), maxRssKb: Number.isNaN(maxRss) ? null : maxRss, cpuMs: medianOrNull(fulls.map((r) => r.cpuMs)) };
  const dataFile = path.join(dataDir, 'leaderboard-data.json');
  const dataBytes = (await stat(dataFile)).size;
  if (snapshotDir) {
    // The data of the full refresh, for the page measurements.
    await mkdir(snapshotDir, { recursive: true });
    for (const f of ['leaderboard-data.json', 'last-update.json', 'leaderboard-index.json']) await copyFile(path.join(dataDir, f), path.join(snapshotDir, f));
    await cp(path.join(dataDir, 'leaderboard-chunks'), path.join(snapshotDir, 'leaderboard-chunks'), { recursive: true });
  }
  const data = JSON.parse(await readFile(dataFile, 'utf8')) as DataFileShape;

  log('Refresh with no new commits (x3)...');
  const noChange: RefreshRun[] = [];
  for (let i = 0; i < 3; i++) noChange.push(await runRefresh(clone, dataDir, args));
  if (noChange.some((r) => !r.upToDate)) throw new Error(`A refresh without changes was not up to date: ${noChange.map((r) => r.summary).join(' / ')}`);

  let inProcess: EngineResult['inProcess'] = null;
  if (opts.inProcess ?? true) {
    log('The same as refresh() calls inside node (full, then 3 with no change)...');
    const inDir = `${dataDir}-in-process`;
    const inFull = await inProcessRefresh(clone, inDir, all);
    const inNone: number[] = [];
    let upToDate = true;
    for (let i = 0; i < 3; i++) {
      const r = await inProcessRefresh(clone, inDir, all);
      inNone.push(r.ms);
      upToDate &&= r.upToDate;
    }
    inProcess = { full: inFull.ms, noChange: median(inNone), scored: inFull.scored, upToDate };
    await rm(inDir, { recursive: true, force: true });
  }
  const cliStartupMs = await cliStartup();

  const appended = 100;
  log(`Appending ${appended} commits with fast-import, then refreshing...`);
  const t = performance.now();
  // Replaying the generator to continue its history holds all of it in memory (3.5 GB and more
  // than a quarter of an hour at a million commits): the largest shapes append simpler commits.
  await (params.commits >= QUICK_APPEND_FROM ? appendCommitsQuick : appendCommits)(clone, params, appended);
  const appendMs = performance.now() - t;
  const plus100 = await runRefresh(clone, dataDir, args);

  return {
    gitLog, full, noChange, inProcess, cliStartupMs, plus100, appended, appendMs, dataBytes, dataBreakdown: breakdown(data),
    commitsAnalyzed: data.total_commits_analyzed,
    contributors: Number(data.metadata.totalContributors ?? NaN),
    rssSource: existsSync(TIME) ? '/usr/bin/time -v' : 'process.resourceUsage() in the refresh process',
  };
}

export const noChangeMedian = (e: EngineResult): number => median(e.noChange.map((r) => r.ms));
