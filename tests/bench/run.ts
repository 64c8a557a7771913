/**
 * `npm run bench`: builds (or reuses) a synthetic repository of BENCH_COMMITS commits, measures
 * the engine (git log baseline, full / no-change / +100 refresh, data file size, peak memory) and
 * the page (shipped JS, first render, tab switch), and prints one table. Every ratio is computed
 * from numbers measured in this run. Exit code 1 on an error; with BENCH_STRICT=1 also on a MISS.
 */
import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureActivity } from './activity.js';
import { AI_COMMITS, AI_LATENCY_MS, measureAi } from './ai.js';
import { measureEngine, noChangeMedian, type EngineResult } from './engine.js';
import { LOAD_CONNECTIONS, measureLoad, SAVES_PER_SECOND } from './load.js';
import { measurePages, shippedJs } from './page.js';
import { PAGE_TARGETS, pageRows } from './page-rows.js';
import { Report } from './report.js';
import { measureOrg } from './org.js';
import { measureReviews } from './reviews.js';
import { measureReviewsRefresh } from './reviews-refresh.js';
import { measureShapes } from './shape-run.js';
import { orgSelected, selectedShapes } from './shapes.js';
import { cloneRepo, repoParams, syntheticRepo } from './synthetic-repo.js';
import { BENCH_ROOT, fmtBytes, fmtMs, git } from './util.js';

const FIXTURE = process.env.BENCH_FIXTURE ?? path.resolve('..', 'shared', 'fixtures', 'real-leaderboard-data.json');
const log = (s: string) => process.stderr.write(`  .. ${s}\n`);
const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Engine targets: the default bench's, and #24's for the large shapes and the million-commit run. */
export interface EngineTargets {
  /** Full refresh / one `git log --numstat`, at most. */
  refreshVsGit: number;
  bytesPerCommit: number;
  rssMb?: number;
  /** The full refresh's time, when it has a target of its own (the million run). */
  fullMs?: number;
}
export const ENGINE_TARGETS: EngineTargets = { refreshVsGit: 1, bytesPerCommit: 300 };

export function engineRows(report: Report, e: EngineResult, S = 'engine', targets: EngineTargets = ENGINE_TARGETS): void {
  const rssTargetMb = targets.rssMb;
  const g = e.gitLog;
  const runs = (xs: number[]) => `${xs.length > 1 ? `median of ${xs.length}: ` : ''}${xs.map(fmtMs).join(', ')}`;
  report.add(S, 'git log --numstat -M, 1 process (baseline)', fmtMs(g.ms), `${g.commits} commits, ${fmtBytes(g.bytes)} out; ${runs(g.runs)}`);
  const fullNote = `${e.full.analysed} analysed, ${e.full.scored} scored; ${runs(e.full.runs)}`;
  if (targets.fullMs === undefined) report.add(S, 'full refresh (CLI child process)', fmtMs(e.full.ms), fullNote);
  else report.add(S, 'full refresh (CLI child process)', fmtMs(e.full.ms), `< ${fmtMs(targets.fullMs)}; ${fullNote}`, e.full.ms < targets.fullMs);
  const ratio = targets.refreshVsGit.toFixed(2);
  report.add(S, 'full refresh / git log', `${(e.full.ms / g.ms).toFixed(2)}x`, `<= ${ratio}x`, e.full.ms / g.ms <= targets.refreshVsGit);
  // What two cores allow: the refresh cannot take less than half its CPU (its own and its git readers').
  if (e.full.cpuMs !== null && g.cpuMs !== null) {
    report.add(S, '  CPU: refresh (node + its git) / git log', `${fmtMs(e.full.cpuMs)} / ${fmtMs(g.cpuMs)}`, `${(e.full.cpuMs / g.cpuMs).toFixed(2)}x; medians, user + system (GNU time)`);
    report.add(S, '  two-core floor (refresh CPU / 2) / git log', `${(e.full.cpuMs / 2 / g.ms).toFixed(2)}x`, 'the least the ratio above can be on two cores');
  }
  const none = noChangeMedian(e);
  report.add(S, 'refresh, 0 new commits, CLI (median of 3)', fmtMs(none), `up to date: ${e.noChange.every((r) => r.upToDate)}`);
  report.add(S, 'refresh 0 new / full, CLI processes', pct(none / e.full.ms), '< 2 %', none / e.full.ms < 0.02);
  report.add(S, '  of which node start + loading the CLI', fmtMs(e.cliStartupMs), '`leaderboard --version`, median of 3');
  const ip = e.inProcess;
  if (ip) {
    report.add(S, 'full refresh, refresh() call in node', fmtMs(ip.full), `${ip.scored} scored; excludes start-up`);
    report.add(S, 'refresh 0 new, refresh() call (median of 3)', fmtMs(ip.noChange), `up to date: ${ip.upToDate}`);
    report.add(S, 'refresh 0 new / full, refresh() calls', pct(ip.noChange / ip.full), '< 2 %', ip.noChange / ip.full < 0.02);
  }
  report.add(S, `refresh, +${e.appended} new commits`, fmtMs(e.plus100.ms), `fast-import took ${fmtMs(e.appendMs)}`);
  // The summary counts the board's commits: the bots' among the new ones are said apart.
  const newBots = e.plus100.bots - e.full.bots;
  report.add(S, `  commits read and scored by it`, `${e.plus100.scored} + ${newBots} by bots`, `= ${e.appended}`, (e.plus100.scored ?? NaN) + newBots === e.appended);
  report.add(S, `refresh +${e.appended} / full`, pct(e.plus100.ms / e.full.ms));
  report.add(S, 'data file (leaderboard-data.json)', fmtBytes(e.dataBytes), `${e.commitsAnalyzed} commits analysed (bots left out), ${e.contributors} contributors`);
  const perCommit = e.dataBytes / e.commitsAnalyzed;
  report.add(S, 'data file bytes per analysed commit', `${perCommit.toFixed(0)} B`, `< ${targets.bytesPerCommit} B`, perCommit < targets.bytesPerCommit);
  const b = e.dataBreakdown;
  const per = (n: number) => `${(n / e.commitsAnalyzed).toFixed(0)} B`;
  report.add(S, '  commits table, per analysed commit', per(b.commitsTable), `${b.commitRows} rows, ${(b.commitsTable / Math.max(1, b.commitRows)).toFixed(0)} B each`);
  report.add(S, '    of which scores.ai_reason', per(b.aiReason), `${fmtBytes(b.aiReason)} in all`);
  report.add(S, '  leaderboards, per analysed commit', per(b.leaderboards), fmtBytes(b.leaderboards));
  const rss = (r: { maxRssKb: number | null }) => (r.maxRssKb === null ? 'n/a' : fmtBytes(r.maxRssKb * 1024));
  const peakMb = e.full.maxRssKb === null ? NaN : e.full.maxRssKb / 1024;
  if (rssTargetMb === undefined) report.add(S, 'peak RSS, full refresh (largest of the runs)', rss(e.full), `via ${e.rssSource}`);
  else report.add(S, 'peak RSS, full refresh (largest of the runs)', rss(e.full), `< ${rssTargetMb} MB; via ${e.rssSource} (node or a git child, whichever is larger)`, peakMb < rssTargetMb);
  report.add(S, 'peak RSS, refresh 0 new / +100', `${rss(e.noChange[0]!)} / ${rss(e.plus100)}`);
}

/** Work directories left by runs that were killed (finished runs remove their own). */
async function removeStaleRuns(): Promise<void> {
  for (const name of await readdir(BENCH_ROOT)) {
    const dir = path.join(BENCH_ROOT, name);
    if (name.startsWith('run-') && Date.now() - (await stat(dir)).mtimeMs > 6 * 3600_000) await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const report = new Report();
  const started = Date.now();
  const gitVersion = (await git(process.cwd(), ['--version'])).stdout.trim();
  const cpus = os.cpus();
  process.stdout.write(`\nleaderboard bench - ${new Date().toISOString()}\n`);
  process.stdout.write(`  ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${fmtBytes(os.totalmem())} RAM, node ${process.version}, ${gitVersion}\n`);
  process.stdout.write(`  load average at start: ${loadavg()} (other work on the machine makes timings noisy)\n`);

  const params = repoParams();
  const repo = await syntheticRepo(params, log);
  process.stdout.write(`  synthetic repository: ${repo.path}\n`);
  await removeStaleRuns();
  const work = await mkdtemp(path.join(BENCH_ROOT, 'run-'));
  const syntheticData = path.join(work, 'page-synthetic');
  try {
    const R = 'synthetic repository';
    const merges = (await git(repo.path, ['rev-list', '--count', '--merges', 'HEAD'])).stdout.trim();
    const authors = (await git(repo.path, ['shortlog', '-s', '-n', 'HEAD'])).stdout.split('\n').filter(Boolean);
    const top = Number(authors[0]?.trim().split('\t')[0] ?? 0);
    report.add(R, 'non-merge commits (BENCH_COMMITS)', String(params.commits), `+ ${merges} merges`);
    report.add(R, 'authors (mailmapped, incl. bots)', String(authors.length), `top author: ${pct(top / params.commits)} of commits`);
    report.add(R, 'tracked files at HEAD', String(repo.trackedFiles));
    report.add(R, repo.built ? 'built now with one git fast-import' : 'built by an earlier run (cached)', repo.built ? fmtMs(repo.buildMs) : '-', `dates ${day(params.end - params.spanDays * 86_400)} .. ${day(params.end)}`);

    const clone = await cloneRepo(repo, work);
    let fullRefreshMs: number | undefined;
    try {
      const engine = await measureEngine(clone, path.join(work, 'data'), params, log, syntheticData);
      fullRefreshMs = engine.full.ms;
      engineRows(report, engine);
    } catch (err) {
      report.error('engine', err);
    }

    try {
      const js = await shippedJs();
      report.add('page: bundle', `JS shipped, gzip -9 (${js.files} files, ${fmtBytes(js.raw)} raw)`, fmtBytes(js.gzip), '< 250 KB', js.gzip < 250 * 1024);
      const fixtureData = path.join(work, 'page-fixture');
      await mkdir(fixtureData, { recursive: true });
      await copyFile(FIXTURE, path.join(fixtureData, 'leaderboard-data.json'));
      const pages = await measurePages({ 'real fixture': fixtureData, [`synthetic ${params.commits} commits`]: syntheticData }, log);
      for (const [name, times] of Object.entries(pages)) pageRows(report, name, times, name === 'real fixture' ? PAGE_TARGETS : null);
    } catch (err) {
      report.error('page', err);
    }

    try {
      const L = 'load: data file GETs + admin saves';
      const l = await measureLoad(FIXTURE, work);
      report.add(L, `GET /leaderboard-data.json (real fixture, gzip, ${LOAD_CONNECTIONS} connections)`, String(l.requests), `in ${fmtMs(l.durationMs)}, ${Math.round(l.throughput)} req/s`);
      report.add(L, '  p99 latency', fmtMs(l.p99Ms), '< 50 ms', l.p99Ms < 50);
      report.add(L, '  errors (socket errors, time-outs, non-2xx)', String(l.errors + l.non2xx), '= 0', l.errors + l.non2xx === 0);
      report.add(L, `admin saves from a second process, meanwhile (${SAVES_PER_SECOND}/s)`, String(l.saves.ok), `failed: ${l.saves.failed}; statuses ${JSON.stringify(l.saves.statuses)}`, l.saves.failed === 0 && l.saves.ok > 0);
      const growth = l.rssAfterMb - l.rssBeforeMb;
      report.add(L, 'server RSS before / after', `${l.rssBeforeMb.toFixed(0)} / ${l.rssAfterMb.toFixed(0)} MB`, 'flat: grows < 50 MB', growth < 50);
    } catch (err) {
      report.error('load', err);
    }

    try {
      const A = `AI scoring: stub with ${AI_LATENCY_MS} ms latency, ${AI_COMMITS}-commit repository`;
      const ai = await measureAi(params, work, log);
      for (const r of ai.runs) {
        const aiMs = r.ms - r.baseMs;
        report.add(A, `concurrency ${r.concurrency}: ${r.sent} commits sent`, fmtMs(r.ms), `local-estimate refresh ${fmtMs(r.baseMs)}; AI step ${fmtMs(aiMs)}, ${(r.sent / (aiMs / 1000)).toFixed(0)} commits/s; most in flight ${r.maxInFlight}`);
        report.add(A, `  AI step / (sent x latency / concurrency)`, `${(aiMs / r.idealMs).toFixed(2)}x`, '<= 1.25x', aiMs / r.idealMs <= 1.25);
      }
      const [one, four] = ai.runs;
      if (one && four) report.add(A, 'speed-up, concurrency 4 over 1', `${((one.ms - one.baseMs) / (four.ms - four.baseMs)).toFixed(2)}x`, '>= 3x', (one.ms - one.baseMs) / (four.ms - four.baseMs) >= 3);
      report.add(A, 'requests sent by a second pass (--rescore-ai, same model)', String(ai.secondRefreshSent), '= 0', ai.secondRefreshSent === 0);
    } catch (err) {
      report.error('ai', err);
    }

    try {
      await measureReviews(report, log, fullRefreshMs);
    } catch (err) {
      report.error('reviews', err);
    }
    try {
      await measureReviewsRefresh(report, clone, params.end, log);
    } catch (err) {
      report.error('reviews refresh', err);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  process.stdout.write(`\n`);
  report.print();
  process.stdout.write(`  (whole bench: ${fmtMs(Date.now() - started)}; load average at the end: ${loadavg()})\n\n`);
  if (report.failed || (process.env.BENCH_STRICT === '1' && report.missed)) process.exitCode = 1;
}

if (process.env.BENCH_ONLY_SHAPES !== '1') await main();
await measureShapes(selectedShapes());
if (orgSelected()) await measureOrg();
if (process.env.BENCH_SKIP_ACTIVITY !== '1') await measureActivity();
