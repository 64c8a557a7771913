/**
 * GitHub activity sync against the loopback GraphQL emulator: a first sync of BENCH_PRS pull
 * requests with BENCH_REVIEWS reviews (some pull requests with more than one page of them) and
 * BENCH_EMAILS author emails, then a sync with nothing new. Requests are counted by the emulator,
 * time and peak RSS measured in the syncing child process. Budget: ceil(PRs / 50) + the per-PR
 * review pages needed + ceil(emails / 100); no change: 1 request.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startGraphqlEmulator, type GqlPull } from '../support/github-graphql-emulator.js';
import { Report } from './report.js';
import { fmtBytes, fmtMs } from './util.js';

const PRS = Number(process.env.BENCH_PRS ?? 20_000);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 60_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 1_000);
/** Pull requests with 150 reviews each (two further review pages each). */
const BIG = Math.min(100, Math.floor(PRS / 100));
const BIG_REVIEWS = 150;
const CHILD = path.resolve('tests/bench/activity-child.ts');

interface ChildResult { requests: number; pulls: number; changed: boolean; ms: number; maxRssKb: number }

/** PRS pull requests with REVIEWS reviews in all, one a minute from `t0` (`step` ms apart). */
export function fixturePulls(t0 = Date.parse('2025-06-01T00:00:00Z'), step = 60_000): GqlPull[] {
  const rest = REVIEWS - BIG * BIG_REVIEWS;
  const pulls: GqlPull[] = [];
  let given = 0;
  for (let i = 0; i < PRS; i++) {
    // As GitHub writes a DateTime: whole seconds, no fraction.
    const at = new Date(t0 + i * step).toISOString().replace('.000Z', 'Z');
    const n = i < BIG ? BIG_REVIEWS : Math.floor(((i - BIG + 1) * rest) / (PRS - BIG)) - given;
    if (i >= BIG) given += n;
    pulls.push({ number: i + 1, title: `Change ${i + 1}`, updatedAt: at, author: `dev${i % 300}`,
      reviews: Array.from({ length: n }, (_, k) => ({ state: k % 3 === 0 ? 'COMMENTED' as const : 'APPROVED' as const, body: 'looks good', submittedAt: at, author: `dev${(i + k + 1) % 300}` })) });
  }
  return pulls;
}

function runChild(apiUrl: string, file: string, emailsFile: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, apiUrl, file, emailsFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as ChildResult) : reject(new Error(`activity child exited with ${code}`))));
  });
}

/** Runs the activity bench and prints its table. */
export async function measureActivity(): Promise<void> {
  const report = new Report();
  const S = `GitHub activity sync: ${PRS.toLocaleString('en-US')} PRs, ${REVIEWS.toLocaleString('en-US')} reviews, ${EMAILS} emails (loopback emulator)`;
  const work = await mkdtemp(path.join(os.tmpdir(), 'lb-bench-activity-'));
  const commits: Record<string, { email: string; login: string | null }> = {};
  const emails: [string, string][] = [];
  for (let i = 0; i < EMAILS; i++) {
    const sha = (i + 1).toString(16).padStart(40, '0');
    commits[sha] = { email: `person${i}@example.com`, login: i % 3 ? `dev${i}` : null };
    emails.push([`person${i}@example.com`, sha]);
  }
  const emu = await startGraphqlEmulator({ repository: 'acme/widgets', pulls: fixturePulls(), issues: [], commits, names: {} });
  try {
    const emailsFile = path.join(work, 'emails.json');
    await writeFile(emailsFile, JSON.stringify(emails));
    const cacheFile = path.join(work, 'github-activity-cache.jsonl');
    const first = await runChild(emu.apiUrl, cacheFile, emailsFile);
    const made = emu.requests.length;
    const budget = Math.ceil(PRS / 50) + BIG * Math.ceil((BIG_REVIEWS - 50) / 100) + Math.ceil(EMAILS / 100);
    report.add(S, 'first sync: requests', String(made), `<= ${budget} (ceil(PRs/50) + review pages + ceil(emails/100))`, made <= budget);
    report.add(S, 'first sync: time (child process, incl. emulator answers)', fmtMs(first.ms), `${first.pulls} PRs read`);
    report.add(S, 'first sync: peak RSS of the syncing process', fmtBytes(first.maxRssKb * 1024));
    emu.requests.length = 0;
    const again = await runChild(emu.apiUrl, cacheFile, emailsFile);
    report.add(S, 'no-change sync: requests', String(emu.requests.length), '= 1', emu.requests.length === 1 && !again.changed);
    report.add(S, 'no-change sync: time', fmtMs(again.ms), `peak RSS ${fmtBytes(again.maxRssKb * 1024)}`);
  } finally {
    await emu.close();
    await rm(work, { recursive: true, force: true });
  }
  process.stdout.write('\n');
  report.print();
  if (report.failed || (process.env.BENCH_STRICT === '1' && report.missed)) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('tests/bench/activity.ts')) await measureActivity();
