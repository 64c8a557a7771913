/**
 * What reviews cost a user: the same full `leaderboard refresh` of the bench's repository (every
 * commit scored into an empty data directory), without a token, and with a token and 60,000 reviews
 * of 20,000 pull requests already read (the activity cache and the activity the last refresh gave
 * the board, as every refresh after the first sync has them: one GraphQL request, then the board
 * with reviews). Alternated BENCH_REPEAT (3) times; medians
 * compared. Budget: the board with reviews within 10 % of the board without, in time and peak RSS.
 */
import { copyFile, mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
    const synced = path.join(work, 'synced');
    const first = await runRefresh(repo, synced, [], withToken);
    if (first.analysed === null) throw new Error(`The syncing refresh failed: ${first.summary}`);
    const runs: Record<'with' | 'without', RefreshRun[]> = { with: [], without: [] };
    let requests = 0;
    for (let i = 0; i < REPEAT; i++) {
      for (const mode of ['without', 'with'] as const) {
        log(`reviews: full refresh ${mode} reviews, run ${i + 1} of ${REPEAT}`);
        const dir = path.join(work, `${mode}-${i}`);
        await mkdir(dir, { recursive: true });
        if (mode === 'with') for (const f of GITHUB_FILES) await copyFile(path.join(synced, f), path.join(dir, f));
        emu.requests.length = 0;
        const r = await runRefresh(repo, dir, [], mode === 'with' ? withToken : without);
        if (r.analysed === null || r.upToDate) throw new Error(`The ${mode} refresh did not analyse anything: ${r.summary}`);
        if (mode === 'with') requests = emu.requests.length;
        runs[mode].push(r);
        await rm(dir, { recursive: true, force: true });
      }
    }
    const ms = (m: 'with' | 'without') => median(runs[m].map((r) => r.ms));
    const rss = (m: 'with' | 'without') => median(runs[m].map((r) => r.maxRssKb ?? NaN));
    report.add(S, `full refresh without a token (median)`, fmtMs(ms('without')), `${runs.without.map((r) => fmtMs(r.ms)).join(', ')}; ${runs.without[0]?.analysed} commits`);
    report.add(S, `full refresh with ${fixtureReviews(emu.fixture.pulls)} reviews cached`, fmtMs(ms('with')), `${runs.with.map((r) => fmtMs(r.ms)).join(', ')}; GraphQL requests: ${requests}`);
    const t = ms('with') / ms('without');
    report.add(S, 'time, with / without', `${t.toFixed(3)}x`, '<= 1.10x', t <= 1.1);
    report.add(S, 'peak RSS without / with', `${fmtBytes(rss('without') * 1024)} / ${fmtBytes(rss('with') * 1024)}`);
    const m = rss('with') / rss('without');
    report.add(S, 'peak RSS, with / without', `${m.toFixed(3)}x`, '<= 1.10x', m <= 1.1);
  } finally {
    await emu.close();
    await unlink(config).catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
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
