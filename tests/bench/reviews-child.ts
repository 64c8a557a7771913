/**
 * One measured board write for reviews.ts, in its own process so its peak RSS is its own:
 * `node --import tsx tests/bench/reviews-child.ts <with|without> <data dir>`. Builds the same
 * synthetic input every time (BENCH_REVIEW_COMMITS commits, BENCH_REVIEW_RECORDS reviews), then
 * times assembleBoard alone and prints one JSON line: { ms, maxRssKb, bytes }.
 */
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { PartActivity, ReviewRecord, ReviewState } from '../../src/core/activity.js';
import { assembleBoard } from '../../src/core/board/assemble.js';
import { defaultConfig } from '../../src/core/config.js';
import { dataDirPaths, ensureDataDir } from '../../src/core/store/data-dir.js';
import type { ScoredCommit } from '../../src/core/types.js';

const COMMITS = Number(process.env.BENCH_REVIEW_COMMITS ?? 20_000);
const REVIEWS = Number(process.env.BENCH_REVIEW_RECORDS ?? 60_000);
const PEOPLE = 400;
const DAY = 86_400_000;
const NOW = Date.parse('2025-06-01T00:00:00Z');
const STATES: ReviewState[] = ['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'COMMENTED'];

function input(withActivity: boolean): { commits: ScoredCommit[]; activity: PartActivity | null } {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const commits: ScoredCommit[] = [];
  for (let i = 0; i < COMMITS; i++) {
    const a = Math.floor(PEOPLE * rnd() ** 2);
    const loc = [3, 8, 15, 30][Math.floor(rnd() * 4)] as number;
    commits.push({
      hash: (i + 1).toString(16).padStart(40, '0'), author: `Person ${a}`, email: `p${a}@example.com`,
      date: new Date(NOW - Math.floor(rnd() * 364 * DAY)).toISOString().replace(/\.\d{3}Z$/, 'Z'), subject: `feat: change ${i}`, breaking: false,
      stats: { files: 1 + (i % 7), insertions: i % 300, deletions: i % 40, excluded_files: 0, excluded_lines: 0 },
      scores: { loc, files: 10, keyword: 15, ai: i % 25, ai_source: 'heuristic' }, total: loc + 25 + (i % 25),
    });
  }
  // Newest first, as git lists them.
  commits.sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : 0));
  if (!withActivity) return { commits, activity: null };
  const reviews: ReviewRecord[] = [];
  const activity: PartActivity = { repository: 'bench/repo', reviews, issues: [], emailLogins: {}, profiles: {} };
  for (let a = 0; a < PEOPLE; a++) activity.emailLogins[`p${a}@example.com`] = `p${a}`;
  const prs = Math.ceil(REVIEWS / 3);
  for (let i = 0; i < REVIEWS; i++) {
    const pr = 1 + Math.floor(rnd() * prs);
    reviews.push({
      pr, title: `Change number ${pr}`, url: `https://github.com/bench/repo/pull/${pr}`, state: STATES[Math.floor(rnd() * STATES.length)] as ReviewState,
      submittedAt: new Date(NOW - Math.floor(rnd() * 364 * DAY)).toISOString().replace(/\.\d{3}Z$/, 'Z'), login: `p${Math.floor((PEOPLE + 50) * rnd() ** 2)}`,
    });
  }
  return { commits, activity };
}

async function main(): Promise<void> {
  const [mode, dir] = process.argv.slice(2);
  if ((mode !== 'with' && mode !== 'without') || !dir) throw new Error('usage: reviews-child.ts <with|without> <dir>');
  const { commits, activity } = input(mode === 'with');
  const paths = dataDirPaths(dir);
  await ensureDataDir(paths);
  const start = performance.now();
  await assembleBoard([{ name: 'repo', url: null, head: null, history: null, commits, activity }], {
    paths, manual: { contributors: {} }, overridesText: '', config: defaultConfig(), now: new Date(NOW), analysisPeriodDays: 365,
    metadata: { tool: 'bench', windowStart: new Date(NOW - 365 * DAY).toISOString() },
    ...(activity ? { activityStatus: { state: 'ok' as const, syncedAt: new Date(NOW).toISOString() } } : {}),
  });
  const ms = performance.now() - start;
  const bytes = (await stat(paths.data)).size;
  process.stdout.write(`${JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS, bytes })}\n`);
}

await main();
