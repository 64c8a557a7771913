/**
 * Co-author and revert credit through `leaderboard refresh`, on a repository built with fixed
 * dates, under each setting, with exact entry totals. Empty commits score LOC 3 + the type part
 * (feat 25, fix 15, none 12) and nothing else, so every total below can be worked out by hand.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRepo } from '../support/git-repo.js';
import { cli, readData, readRawData, summaryCounts, tempResources } from './helpers.js';

const ALICE = { name: 'Alice', email: 'alice@example.com' };
const BOB = { name: 'Bob', email: 'bob@example.com' };
const CAROL_OLD = { name: 'Carol', email: 'carol-old@example.com' };
const DAN = { name: 'Dan', email: 'dan@example.com' };
const ERIN = { name: 'Erin', email: 'erin@example.com' };
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}\n`).join('');

const { newRepo } = tempResources();
let repo: TestRepo;
const h: Record<string, string> = {};

function configure(credit: Record<string, string> | null): void {
  writeFileSync(path.join(repo.dir, 'leaderboard.config.json'), JSON.stringify(credit ? { credit } : {}));
}
function refresh(): ReturnType<typeof cli> {
  const r = cli(repo.dir, ['refresh', '--since', '2025-01-01']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
}
/** [name, total_commits, significant_commits, commit_score] of one period, in rank order. */
function board(period: 'monthly', label: string): [string, number, number, number][] {
  return (readData(path.join(repo.dir, '.leaderboard')).leaderboards[period][label] ?? [])
    .map((e) => [e.name, e.total_commits, e.significant_commits, e.commit_score]);
}
const cents = (label: string) => (readData(path.join(repo.dir, '.leaderboard')).leaderboards.monthly[label] ?? [])
  .reduce((sum, e) => sum + Math.round(e.total_score * 100), 0);

beforeAll(async () => {
  repo = await newRepo();
  h.c0 = await repo.commit({ message: 'docs: old', author: BOB, date: '2024-06-01T09:00:00Z' });
  // 120 lines in one source file, "feat: add": LOC 30 + Files 5 + Type 25 + AI 16 = 76.
  h.c1 = await repo.commit({
    files: { 'src/core.ts': numbered(120) },
    message: [
      'feat: add core module', '', 'Paired on the whole thing.', '',
      'Co-authored-by: Bob <bob@example.com>',
      'co-authored-by: Carol <carol-old@example.com>',
      'Co-authored-by: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>',
      'Co-authored-by: Alice Again <ALICE@example.com>',
      'Co-Authored-By: Bob <bob@example.com>',
    ].join('\n'),
    author: ALICE, date: '2025-03-03T10:00:00Z',
  });
  h.c2 = await repo.commit({ message: 'fix: tweak\n\nCo-authored-by: Bob\nMentioned, not a trailer: Co-authored-by: Erin <erin@example.com>', author: BOB, date: '2025-03-04T10:00:00Z' }); // 18
  h.c3 = await repo.commit({ message: 'feat: thing', author: CAROL_OLD, date: '2025-03-05T10:00:00Z' }); // 28, reverted
  h.c4 = await repo.commit({ message: `Revert "feat: thing"\n\nThis reverts commit ${h.c3}.`, author: ALICE, date: '2025-03-06T10:00:00Z' }); // 15, a revert
  h.c5 = await repo.commit({ message: `Revert "docs: old"\n\nThis reverts commit ${h.c0}.`, author: BOB, date: '2025-03-07T10:00:00Z' }); // 15, target outside the window
  h.c6 = await repo.commit({ message: 'feat: widget', author: DAN, date: '2025-04-01T10:00:00Z' }); // 28, re-landed
  h.c7 = await repo.commit({ message: `Revert "feat: widget"\n\nThis reverts commit ${h.c6}.`, author: ERIN, date: '2025-04-02T10:00:00Z' }); // 15
  h.c8 = await repo.commit({ message: `Revert "Revert "feat: widget""\n\nThis reverts commit ${h.c7}.`, author: DAN, date: '2025-04-03T10:00:00Z' }); // 15
  h.c9 = await repo.commit({ message: 'fix: x\n\nThis reverts commit 0123456789abcdef0123456789abcdef01234567.', author: ERIN, date: '2025-04-04T10:00:00Z' }); // 18, unknown target
  // Untracked, after the commits (they stage everything): git reads it from the work tree.
  await repo.writeFile('.mailmap', 'Carol Real <carol@example.com> <carol-old@example.com>\n');
});

describe('credit settings through refresh', () => {
  it('default (author, cancel): co-authors listed but not credited, reverted pairs score 0, re-lands count', () => {
    configure(null);
    const r = refresh();
    expect(summaryCounts(r.stdout)).toMatchObject({ analysed: 9, scored: 9 });
    expect(r.stdout).toContain('Credit: 4 commits cancelled by reverts (scored 0).');
    expect(board('monthly', '2025-03')).toEqual([['Alice', 2, 1, 76], ['Bob', 2, 0, 33], ['Carol Real', 1, 0, 0]]);
    expect(board('monthly', '2025-04')).toEqual([['Dan', 2, 0, 28], ['Erin', 2, 0, 18]]);
    expect(cents('2025-03')).toBe(10900);

    const raw = readRawData(path.join(repo.dir, '.leaderboard'));
    const row = (hash: string | undefined) => raw.commits.find((c) => c.full_hash === hash);
    // Mailmapped like the author; the bot, the author themself and the repeat left out.
    expect(row(h.c1)?.co_authors).toEqual(['Bob', 'Carol Real']);
    expect(row(h.c2)).not.toHaveProperty('co_authors');
    expect(row(h.c3)).toMatchObject({ reverted_by: h.c4, scores: { total: 0 } });
    expect(row(h.c4)).toMatchObject({ revert_of: [h.c3], scores: { total: 0 } });
    expect(row(h.c5)).not.toHaveProperty('revert_of');
    expect(row(h.c5)?.scores.total).toBeUndefined();
    expect(row(h.c6)).not.toHaveProperty('reverted_by');
    expect(row(h.c7)).toMatchObject({ reverted_by: h.c8, scores: { total: 0 } });
    expect(row(h.c8)).toMatchObject({ revert_of: [h.c7], scores: { total: 0 } });
    expect(row(h.c9)).not.toHaveProperty('revert_of');
    expect(raw.metadata.credit).toEqual({ coAuthors: 'author', reverts: 'cancel', cancelled: 4, coAuthored: 0 });
    const carol = readData(path.join(repo.dir, '.leaderboard')).leaderboards.monthly['2025-03']?.find((e) => e.name === 'Carol Real');
    expect(carol?.email).toBe('carol@example.com');
  });

  it('share: rebuilt from the cache, the commit split to the cent, the month total unchanged', () => {
    configure({ coAuthors: 'share' });
    const r = refresh();
    expect(summaryCounts(r.stdout)).toMatchObject({ analysed: 9, scored: 0, cached: 9 });
    expect(r.stdout).toContain('Credit: 4 commits cancelled by reverts (scored 0); 1 commit credited to co-authors too.');
    // 76 between three: 25.34 (the author), 25.33, 25.33.
    expect(board('monthly', '2025-03')).toEqual([['Bob', 3, 1, 58.33], ['Alice', 2, 1, 25.34], ['Carol Real', 2, 1, 25.33]]);
    expect(cents('2025-03')).toBe(10900);
    const bob = readData(path.join(repo.dir, '.leaderboard')).leaderboards.monthly['2025-03']?.[0];
    expect(bob).toMatchObject({ co_authored_commits: 1, co_authored_significant: 1, total_score: 58.33, avg_score: 19.44 });
  });

  it('full: each person gets the whole score', () => {
    configure({ coAuthors: 'full' });
    expect(summaryCounts(refresh().stdout)).toMatchObject({ scored: 0 });
    expect(board('monthly', '2025-03')).toEqual([['Bob', 3, 1, 109], ['Alice', 2, 1, 76], ['Carol Real', 2, 1, 76]]);
    expect(cents('2025-03')).toBe(26100);
  });

  it('reverts "score": every commit scored on its own', () => {
    configure({ reverts: 'score' });
    const r = refresh();
    expect(summaryCounts(r.stdout)).toMatchObject({ scored: 0 });
    expect(r.stdout).not.toContain('Credit:');
    expect(board('monthly', '2025-03')).toEqual([['Alice', 2, 1, 91], ['Bob', 2, 0, 33], ['Carol Real', 1, 0, 28]]);
    expect(board('monthly', '2025-04')).toEqual([['Dan', 2, 0, 43], ['Erin', 2, 0, 33]]);
    const raw = readRawData(path.join(repo.dir, '.leaderboard'));
    expect(raw.commits.some((c) => c.reverted_by || c.revert_of)).toBe(false);
    expect(raw.metadata.credit).toMatchObject({ coAuthors: 'author', reverts: 'score', cancelled: 0 });
  });

  it('cancels a cached commit when a new revert of it arrives, reading only the new commit', async () => {
    configure(null);
    h.c10 = await repo.commit({ message: `Revert "fix: tweak"\n\nThis reverts commit ${h.c2}.`, author: ERIN, date: '2025-04-05T10:00:00Z' });
    const r = refresh();
    expect(summaryCounts(r.stdout)).toMatchObject({ analysed: 10, scored: 1, cached: 9 });
    expect(r.stdout).toContain('Credit: 6 commits cancelled by reverts (scored 0).');
    expect(board('monthly', '2025-03')).toEqual([['Alice', 2, 1, 76], ['Bob', 2, 0, 15], ['Carol Real', 1, 0, 0]]);
    expect(board('monthly', '2025-04')).toEqual([['Dan', 2, 0, 28], ['Erin', 3, 0, 18]]);
    const raw = readRawData(path.join(repo.dir, '.leaderboard'));
    expect(raw.commits.find((c) => c.full_hash === h.c2)).toMatchObject({ reverted_by: h.c10, scores: { total: 0 } });
  });

  it('refuses an unknown setting, naming the field', () => {
    configure({ coAuthors: 'half' });
    const r = cli(repo.dir, ['refresh', '--since', '2025-01-01']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('credit.coAuthors');
    configure(null);
  });
});
