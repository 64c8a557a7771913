/**
 * Commits whose author date git cannot give (negative, malformed, past 9999: `git fsck` calls
 * them broken, `git log` reads them): left out, and said. One of them shifted every date of the
 * listing after it, and the refresh wrote an empty board over the last good one, saying success.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitIsolationVars } from '../support/git-repo.js';
import { hoursAgo } from '../support/recent.js';
import { cli, readRawData, tempResources } from './helpers.js';

const { newRepo } = tempResources();

describe('refresh with commits git gives no usable author date', () => {
  it.each([
    ['negative', '-3600 +0000'],
    ['missing', ''],
    ['without a time zone', '1780488000'],
    ['past 9999', '253402300800 +0000'],
    ['beyond any date', '99999999999999999999 +0000'],
  ])('leaves out one %s, keeps the board, and says so', async (_kind, date) => {
    const repo = await newRepo();
    for (const n of [1, 2]) await repo.commit({ files: { [`f${n}.ts`]: `export const f${n} = 1;\n` }, message: `feat: f${n}`, author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(10 - n) });
    const git = (args: string[], input?: string) => execFileSync('git', args, { cwd: repo.dir, env: { ...process.env, ...gitIsolationVars() }, input, encoding: 'utf8' }).trim();
    const object = `tree ${git(['write-tree'])}\nparent ${git(['rev-parse', 'HEAD'])}\nauthor Odd <odd@example.com> ${date}\ncommitter Ann <ann@example.com> 1780488000 +0000\n\nfeat: odd date\n`;
    git(['update-ref', 'refs/heads/main', git(['hash-object', '-t', 'commit', '-w', '--stdin', '--literally'], object)]);
    await repo.commit({ files: { 'f3.ts': 'export const f3 = 1;\n' }, message: 'feat: f3', author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(5) });

    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Note: 1 commit left out: its author date is one git cannot give (malformed, before 1970 or after 9999; `git fsck` lists it), so no period can hold it.');
    expect(r.stdout).toMatch(/Analysed 3 commits/);
    const data = readRawData(path.join(repo.dir, '.leaderboard'));
    expect(data.commits.map((c) => c.message).sort()).toEqual(['feat: f1', 'feat: f2', 'feat: f3']);
  });
});

describe('refresh with a commit dated after tomorrow (a clock set wrong)', () => {
  it('leaves it out and says so: its period would be the latest, and the page would open on it', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(30) });
    await repo.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: b', author: { name: 'Cy', email: 'cy@example.com' }, date: '2099-01-01T10:00:00Z' });
    // Hours ahead of UTC (a commit made today east of here) is in.
    await repo.commit({ files: { 'c.ts': 'c\n' }, message: 'feat: c', author: { name: 'Bo', email: 'bo@example.com' }, date: new Date(Date.now() + 10 * 3_600_000).toISOString() });
    const r = cli(repo.dir, ['refresh']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Note: 1 commit left out: its author date is after tomorrow (a clock set wrong when it was made). It counts from that date on.');
    const data = readRawData(path.join(repo.dir, '.leaderboard'));
    expect(data.commits.map((c) => c.message).sort()).toEqual(['feat: a', 'feat: c']);
    expect(Object.keys(data.leaderboards.weekly).some((label) => label.startsWith('2099'))).toBe(false);
  });
});
