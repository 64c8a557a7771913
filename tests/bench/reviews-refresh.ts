/**
 * What reviews cost a user: the same full `leaderboard refresh` of the bench's repository (every
 * commit scored into an empty data directory), without a token, and with a token and 60,000 reviews
 * of 20,000 pull requests already read (the activity cache and the activity the last refresh gave
 * the board, as every refresh after the first sync has them: one GraphQL request, then the board
 * with reviews). Alternated BENCH_REPEAT (3) times; medians
 * compared. Budget: the board with reviews within 10 % of the board without, in time and peak RSS.
 * Measured twice: with no reviewer linked to a committer (GitHub answered "no account" for every
 * author email: 300 more people on the board), and with every reviewer a committer, linked by
 * GitHub's answers (the same people, as on most projects).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GQL_TOKEN, startGraphqlEmulator } from '../support/github-graphql-emulator.js';
import { fixturePulls } from './activity.js';
import { runRefresh, type RefreshRun } from './engine.js';
import type { Report } from './report.js';
import { fmtBytes, fmtMs, isolatedEnv, median } from './util.js';

const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const PRS = Number(process.env.BENCH_PRS ?? 20_000);
// What the earlier sync left in the data directory: the cache, and the activity it gave the board.
const GITHUB_FILES = ['github-activity-cache.jsonl', 'github-activity.json'];

/** `repo` is a work tree the bench may write an untracked leaderboard.config.json into (removed after). */
export async function measureReviewsRefresh(report: Report, repo: string, endSeconds: number, log: (s: string) => void = () => {}): Promise<void> {
  const S = 'reviews: whole refresh with / without them';
  // The pull requests are spread over the 300 days before the history's end, inside the window.
  const end = endSeconds * 1000;
  const step = Math.floor((300 * 86_400_000) / PRS);
  const emu = await startGraphqlEmulator({ repository: 'bench/repo', pulls: fixturePulls(end - PRS * step, step), issues: [], commits: {}, names: {} });
  const config = path.join(repo, 'leaderboard.config.json');
  await writeFile(config, JSON.stringify({ github: { repo: 'bench/repo' } }));
  const work = await mkdtemp(path.join(os.tmpdir(), 'lb-bench-reviews-refresh-'));
  const withToken = { ...isolatedEnv(), GITHUB_TOKEN: GQL_TOKEN, GH_TOKEN: '', GITHUB_API_URL: emu.apiUrl };
  const without = { ...isolatedEnv(), GITHUB_TOKEN: '', GH_TOKEN: '', GITHUB_API_URL: '' };
  try {
    log('reviews: first sync (read once, reused by every measured refresh)...');
    // Every commit is on GitHub, its author linked to no account (an unknown commit would be asked about again).
    emu.fixture.commits = await reviewerCommits(repo, false);
    const synced = path.join(work, 'synced');
    const first = await runRefresh(repo, synced, [], withToken);
    if (first.analysed === null) throw new Error(`The syncing refresh failed: ${first.summary}`);
    log('reviews: first sync with every author email answered by its account...');
    emu.fixture.commits = await reviewerCommits(repo, true);
    const linkedSync = path.join(work, 'synced-linked');
    const second = await runRefresh(repo, linkedSync, [], withToken);
    if (second.analysed === null) throw new Error(`The syncing refresh failed: ${second.summary}`);
    const runs: Record<Mode, RefreshRun[]> = { with: [], linked: [], without: [] };
    let requests = 0;
    for (let i = 0; i < REPEAT; i++) {
      for (const mode of ['without', 'with', 'linked'] as const) {
        log(`reviews: full refresh ${mode === 'without' ? 'without reviews' : `with reviews (${mode === 'with' ? 'reviewers apart' : 'reviewers linked'})`}, run ${i + 1} of ${REPEAT}`);
        const dir = path.join(work, `${mode}-${i}`);
        await mkdir(dir, { recursive: true });
        if (mode !== 'without') for (const f of GITHUB_FILES) await copyFile(path.join(mode === 'with' ? synced : linkedSync, f), path.join(dir, f));
        emu.requests.length = 0;
        const r = await runRefresh(repo, dir, [], mode === 'without' ? without : withToken);
        if (r.analysed === null || r.upToDate) throw new Error(`The ${mode} refresh did not analyse anything: ${r.summary}`);
        if (mode === 'with') requests = emu.requests.length;
        runs[mode].push(r);
        await rm(dir, { recursive: true, force: true });
      }
    }
    const ms = (m: Mode) => median(runs[m].map((r) => r.ms));
    const rss = (m: Mode) => median(runs[m].map((r) => r.maxRssKb ?? NaN));
    report.add(S, `full refresh without a token (median)`, fmtMs(ms('without')), `${runs.without.map((r) => fmtMs(r.ms)).join(', ')}; ${runs.without[0]?.analysed} commits`);
    report.add(S, `full refresh with ${fixtureReviews(emu.fixture.pulls)} reviews cached`, fmtMs(ms('with')), `${runs.with.map((r) => fmtMs(r.ms)).join(', ')}; GraphQL requests: ${requests}`);
    const t = ms('with') / ms('without');
    report.add(S, 'time, with / without', `${t.toFixed(3)}x`, '<= 1.10x', t <= 1.1);
    // Less moved by load from elsewhere than the wall time: what the reviews add to the work itself.
    const cpu = (m: Mode) => median(runs[m].map((r) => r.cpuMs ?? NaN));
    if (!Number.isNaN(cpu('without'))) {
      report.add(S, 'CPU (node + git, user + system), without / with / linked', `${fmtMs(cpu('without'))} / ${fmtMs(cpu('with'))} / ${fmtMs(cpu('linked'))}`,
        `with / without ${(cpu('with') / cpu('without')).toFixed(3)}x, linked / without ${(cpu('linked') / cpu('without')).toFixed(3)}x; medians`);
    }
    report.add(S, 'peak RSS without / with', `${fmtBytes(rss('without') * 1024)} / ${fmtBytes(rss('with') * 1024)}`);
    const m = rss('with') / rss('without');
    report.add(S, 'peak RSS, with / without', `${m.toFixed(3)}x`, '<= 1.10x', m <= 1.1);
    report.add(S, 'full refresh with them, every reviewer a committer', fmtMs(ms('linked')), `${runs.linked.map((r) => fmtMs(r.ms)).join(', ')}; ${people(runs.linked[0])} people (apart: ${people(runs.with[0])})`);
    const tl = ms('linked') / ms('without');
    report.add(S, 'time, reviewers linked / without', `${tl.toFixed(3)}x`, '<= 1.10x', tl <= 1.1);
    const ml = rss('linked') / rss('without');
    report.add(S, 'peak RSS, reviewers linked / without', `${ml.toFixed(3)}x`, '<= 1.10x', ml <= 1.1);
  } finally {
    await emu.close();
    await unlink(config).catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

type Mode = 'with' | 'linked' | 'without';

/** The contributors a refresh's summary line counts. */
const people = (r: RefreshRun | undefined): string => /([\d,]+) contributors/.exec(r?.summary ?? '')?.[1] ?? '?';

/**
 * GitHub's answer for every commit of the bench's repository: with `linked`, its author's account,
 * dev<N> for gen-history's author N (`<slug>.<N>@...`), who are fixturePulls' authors and
 * reviewers; without, no account.
 */
async function reviewerCommits(repo: string, linked: boolean): Promise<Record<string, { email: string; login: string | null }>> {
  const { stdout } = await promisify(execFile)('git', ['-C', repo, 'log', '--format=%H %ae'], { maxBuffer: 1 << 28 });
  const commits: Record<string, { email: string; login: string | null }> = {};
  for (const line of stdout.split('\n')) {
    const [sha, email] = line.split(' ');
    const n = /\.(\d+)@/.exec(email ?? '')?.[1];
    if (sha && email) commits[sha] = { email, login: n === undefined || !linked ? null : `dev${Number(n) % 300}` };
  }
  return commits;
}

const fixtureReviews = (pulls: { reviews: unknown[] }[]) => pulls.reduce((n, p) => n + p.reviews.length, 0).toLocaleString('en-US');

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('tests/bench/reviews-refresh.ts')) {
  const { Report } = await import('./report.js');
  const { cloneRepo, repoParams, syntheticRepo } = await import('./synthetic-repo.js');
  const log = (s: string) => process.stderr.write(`  .. ${s}\n`);
  const params = repoParams();
  const work = await mkdtemp(path.join(os.tmpdir(), 'lb-bench-reviews-repo-'));
  const report = new Report();
  try {
    await measureReviewsRefresh(report, await cloneRepo(await syntheticRepo(params, log), work), params.end, log);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  report.print();
}
