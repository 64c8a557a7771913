/**
 * `BENCH_SHAPES=org npm run bench`: an organisation board of ten synthetic repositories of
 * 20,000 commits (distinct seeds; authors 0..309 common to all, each adds more of its own), the
 * ten single-repository refreshes (`refresh --repo rK --data-dir part-rK`, the parts of a CI
 * matrix) against one joint refresh, a no-change joint refresh, `merge` of the ten parts (checked
 * equal to the joint data file apart from last_updated), and the page on the joint board and on
 * one repository's view (`?repo=r1`).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { orgRepos, ORG_COMMITS, ORG_REPOS } from './org-repos.js';
import { measurePages } from './page.js';
import { Report } from './report.js';
import { PAGE_TARGETS, pageRows } from './page-rows.js';
import { BENCH_ROOT, fmtBytes, fmtMs, git, run } from './util.js';

const BIN = path.resolve('bin/leaderboard.js');
const TIME = '/usr/bin/time';
const log = (s: string) => process.stderr.write(`  .. ${s}\n`);
const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

interface CliRun { ms: number; rssKb: number | null; stdout: string }

/** One CLI process in `cwd`, timed, with its peak RSS (GNU time: the CLI or a git child, whichever is larger). */
async function cli(cwd: string, args: readonly string[]): Promise<CliRun> {
  const useTime = existsSync(TIME);
  const res = await run(useTime ? TIME : process.execPath, useTime ? ['-v', process.execPath, BIN, ...args] : [BIN, ...args], { cwd });
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(res.stderr);
  return { ms: res.ms, rssKb: m ? Number(m[1]) : null, stdout: res.stdout.trim() };
}

const rss = (kb: number | null) => (kb === null ? 'n/a' : fmtBytes(kb * 1024));
const maxRss = (xs: readonly CliRun[]) => (xs.some((x) => x.rssKb === null) ? null : Math.max(...xs.map((x) => x.rssKb ?? 0)));

/** The data file without its `last_updated` value (the one field a merge may write differently). */
async function withoutTimestamp(dataDir: string): Promise<string> {
  const text = await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8');
  return text.replace(/"last_updated":\s*"[^"]*"/, '"last_updated":""');
}

export async function measureOrg(): Promise<void> {
  const report = new Report();
  const started = Date.now();
  const S = `org: ${ORG_REPOS} repositories of ${ORG_COMMITS.toLocaleString('en-US')} commits, one board`;
  process.stdout.write(`\nleaderboard bench, organisation board - ${new Date().toISOString()}; load average at start: ${loadavg()}\n`);
  const repos = await orgRepos(log);
  for (const note of repos.notes) process.stdout.write(`  ${note}\n`);
  report.add(S, repos.built ? 'repositories built now' : 'repositories built by an earlier run (cached)', repos.built ? fmtMs(repos.buildMs) : '-', repos.summary);
  const work = await mkdtemp(path.join(BENCH_ROOT, 'run-'));
  try {
    // The board repository: a config listing the ten (clones, so the cached repositories stay untouched).
    const board = path.join(work, 'board');
    await mkdir(board);
    const list: { path: string; name: string }[] = [];
    for (const [i, r] of repos.paths.entries()) {
      const name = `r${i + 1}`;
      await git(work, ['clone', '-q', r, path.join(work, name)]);
      list.push({ path: path.join(work, name), name });
    }
    await git(board, ['init', '-q', '-b', 'main']);
    await writeFile(path.join(board, 'leaderboard.config.json'), `${JSON.stringify({ repositories: list }, null, 2)}\n`);
    await git(board, ['add', 'leaderboard.config.json']);
    await git(board, ['commit', '-q', '-m', 'Board']);

    log(`${ORG_REPOS} single-repository full refreshes (refresh --repo rK --data-dir part-rK)...`);
    const singles: CliRun[] = [];
    for (const { name } of list) singles.push(await cli(board, ['refresh', '--repo', name, '--data-dir', path.join(work, `part-${name}`), '--all', '--quiet']));
    const sum = singles.reduce((a, r) => a + r.ms, 0);
    const ms = singles.map((r) => r.ms).sort((a, b) => a - b);
    report.add(S, `${ORG_REPOS} single refreshes, sum of times`, fmtMs(sum), `each ${fmtMs(ms[0]!)} .. ${fmtMs(ms.at(-1)!)}; load ${loadavg()}`);
    report.add(S, '  peak RSS, largest of the ten', rss(maxRss(singles)));

    log('Joint full refresh of the ten (refresh --all in the board repository)...');
    const jointDir = path.join(work, 'joint');
    const joint = await cli(board, ['refresh', '--all', '--quiet', '--data-dir', jointDir]);
    report.add(S, 'joint full refresh of the ten', fmtMs(joint.ms), `${/Analysed .*?contributors/.exec(joint.stdout)?.[0] ?? joint.stdout}; load ${loadavg()}`);
    report.add(S, '  joint / sum of single refreshes', `${(joint.ms / sum).toFixed(2)}x`, '<= 1.00x', joint.ms <= sum);
    report.add(S, '  peak RSS, joint refresh', rss(joint.rssKb));
    const bytes = (await readFile(path.join(jointDir, 'leaderboard-data.json'))).length;
    const data = JSON.parse(await readFile(path.join(jointDir, 'leaderboard-data.json'), 'utf8')) as { total_commits_analyzed: number; metadata: { totalContributors?: number } };
    report.add(S, '  joint data file', fmtBytes(bytes), `${data.total_commits_analyzed} commits analysed, ${data.metadata.totalContributors ?? '?'} contributors (${repos.authorsNote})`);

    const none: CliRun[] = [];
    for (let i = 0; i < 3; i++) none.push(await cli(board, ['refresh', '--all', '--quiet', '--data-dir', jointDir]));
    const noneMs = none.map((r) => r.ms).sort((a, b) => a - b)[1]!;
    report.add(S, 'joint refresh, 0 new commits (median of 3)', fmtMs(noneMs), `up to date: ${none.every((r) => /Up to date/.test(r.stdout))}; ${(noneMs / joint.ms * 100).toFixed(2)} % of the full one`);

    log(`merge of the ${ORG_REPOS} parts...`);
    const mergedDir = path.join(work, 'merged');
    const merged = await cli(board, ['merge', ...list.map(({ name }) => path.join(work, `part-${name}`)), '--data-dir', mergedDir]);
    report.add(S, `merge of the ${ORG_REPOS} parts`, fmtMs(merged.ms), `${(merged.ms / joint.ms * 100).toFixed(0)} % of the joint refresh; load ${loadavg()}`);
    report.add(S, '  peak RSS, merge', rss(merged.rssKb));
    const same = (await withoutTimestamp(mergedDir)) === (await withoutTimestamp(jointDir));
    report.add(S, '  merged data file = joint one, apart from last_updated', same ? 'equal' : 'differs', 'byte for byte', same);

    try {
      const first = list[0]!.name;
      const pages = await measurePages({ 'org: joint board': jointDir, [`org: one repository (?repo=${first})`]: { dir: jointDir, query: `?repo=${first}` } }, log);
      for (const [name, times] of Object.entries(pages)) pageRows(report, name, times, PAGE_TARGETS);
    } catch (err) {
      report.error('page: org', err);
    }
  } catch (err) {
    report.error(S, err);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  process.stdout.write('\n');
  report.print();
  process.stdout.write(`  (organisation board: ${fmtMs(Date.now() - started)}; load average at the end: ${loadavg()})\n\n`);
  if (report.failed || (process.env.BENCH_STRICT === '1' && report.missed)) process.exitCode = 1;
}
