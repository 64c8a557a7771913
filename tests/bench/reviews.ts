/**
 * The board with reviews against the board without them, on the same commits: BENCH_REVIEW_COMMITS
 * (20,000) commits, with or without BENCH_REVIEW_RECORDS (60,000) review records. Each write runs
 * in its own process (reviews-child.ts), alternating, BENCH_REPEAT (3) times each; the medians are
 * compared: where the extra of a refresh with reviews (reviews-refresh.ts, the budget) comes from.
 * Standalone: `node --import tsx tests/bench/reviews.ts`; run.ts adds its rows to `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Report } from './report.js';
import { fmtBytes, fmtMs, median } from './util.js';

const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const CHILD = path.resolve('tests/bench/reviews-child.ts');

interface Run { ms: number; maxRssKb: number; bytes: number }

function child(mode: 'with' | 'without', dir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    p.once('error', reject);
    p.once('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as Run) : reject(new Error(`reviews-child ${mode} exited ${code}`))));
  });
}

/**
 * Measures both boards and adds the rows to `report`; with `fullRefreshMs` (the engine section's
 * full refresh of the same number of commits) also the extra time as a share of that refresh.
 */
export async function measureReviews(report: Report, log: (s: string) => void = () => {}, fullRefreshMs?: number): Promise<void> {
  const runs: Record<'with' | 'without', Run[]> = { with: [], without: [] };
  for (let i = 0; i < REPEAT; i++) {
    for (const mode of ['without', 'with'] as const) {
      const dir = await mkdtemp(path.join(os.tmpdir(), `lb-bench-reviews-${mode}-`));
      try {
        log(`board ${mode} reviews, run ${i + 1} of ${REPEAT}`);
        runs[mode].push(await child(mode, dir));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
  const ms = (m: 'with' | 'without') => median(runs[m].map((r) => r.ms));
  const rss = (m: 'with' | 'without') => median(runs[m].map((r) => r.maxRssKb));
  const S = 'reviews';
  report.add(S, 'board without reviews (assembleBoard, median)', fmtMs(ms('without')), `${runs.without.map((r) => fmtMs(r.ms)).join(', ')}; data file ${fmtBytes(runs.without[0]?.bytes ?? 0)}`);
  report.add(S, 'board with reviews (same commits)', fmtMs(ms('with')), `${runs.with.map((r) => fmtMs(r.ms)).join(', ')}; data file ${fmtBytes(runs.with[0]?.bytes ?? 0)}`);
  const t = ms('with') / ms('without');
  // The budget is the whole refresh's (reviews-refresh.ts); this says where its extra comes from.
  report.add(S, 'assembly time, with / without', `${t.toFixed(3)}x`, 'the board step alone');
  report.add(S, 'peak RSS without / with', `${fmtBytes(rss('without') * 1024)} / ${fmtBytes(rss('with') * 1024)}`);
  const m = rss('with') / rss('without');
  report.add(S, 'assembly peak RSS, with / without', `${m.toFixed(3)}x`, 'input held in the process included');
  if (fullRefreshMs !== undefined) {
    const share = (ms('with') - ms('without')) / fullRefreshMs;
    report.add(S, 'extra time / full refresh of the commits', `${(share * 100).toFixed(1)} %`, `<= 10 %; full refresh ${fmtMs(fullRefreshMs)}`, share <= 0.1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = new Report();
  await measureReviews(report, (s) => process.stderr.write(`  .. ${s}\n`));
  report.print();
}
