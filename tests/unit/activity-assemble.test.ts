import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityStatus, PartActivity } from '../../src/core/activity.js';
import { NO_REPO_REASON } from '../../src/core/github/activity/refresh-step.js';
import { assembleBoard, type BoardPart } from '../../src/core/board/assemble.js';
import { defaultConfig } from '../../src/core/config.js';
import { dataDirPaths, ensureDataDir } from '../../src/core/store/data-dir.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { withoutEmails } from '../../src/core/site/redact.js';
import { expandCompactDataFile } from '../../src/shared/compact-data-file.js';
import { parseLeaderboardData } from '../../src/shared/data-file.js';

function commit(author: string, email: string, date: string, n: number): ScoredCommit {
  return {
    hash: n.toString(16).padStart(40, 'c'), author, email, date, subject: `feat: ${n}`, breaking: false,
    stats: { files: 2, insertions: 30, deletions: 2, excluded_files: 0, excluded_lines: 0 },
    scores: { loc: 8, files: 10, keyword: 25, ai: 10, ai_source: 'heuristic' }, total: 53,
  };
}
const review = (login: string, pr: number, repo: string, submittedAt: string, state: 'APPROVED' | 'COMMENTED' = 'APPROVED') =>
  ({ pr, title: `PR ${pr}`, url: `https://github.com/${repo}/pull/${pr}`, state, submittedAt, login });

const dirs: string[] = [];
afterEach(async () => { for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true }); });

/** Every file the board wrote, by path relative to the data directory. */
async function written(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.set(path.relative(dir, p), await readFile(p, 'utf8'));
    }
  };
  await walk(dir);
  return out;
}

async function assemble(parts: BoardPart[], status?: ActivityStatus): Promise<Map<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lb-activity-'));
  dirs.push(dir);
  const paths = dataDirPaths(dir);
  await ensureDataDir(paths);
  const config = defaultConfig();
  await assembleBoard(parts, {
    paths, manual: { contributors: {} }, overridesText: '', config, now: new Date('2025-03-20T00:00:00Z'), analysisPeriodDays: 60,
    metadata: { tool: 'test', windowStart: '2025-01-20T00:00:00.000Z' }, ...(status ? { activityStatus: status } : {}),
  });
  return written(dir);
}

const partA = (activity?: PartActivity | null): BoardPart => ({
  name: 'app', url: null, head: 'a'.repeat(40), history: null,
  commits: [commit('Ann', 'ann@example.com', '2025-03-04T10:00:00Z', 1), commit('Bob', '7+bobcat@users.noreply.github.com', '2025-03-05T10:00:00Z', 2)],
  ...(activity !== undefined ? { activity } : {}),
});
const partB = (activity?: PartActivity | null): BoardPart => ({
  name: 'lib', url: null, head: 'b'.repeat(40), history: null,
  commits: [commit('Ann', 'ann@example.com', '2025-03-06T10:00:00Z', 3)],
  ...(activity !== undefined ? { activity } : {}),
});
const activityA = (): PartActivity => ({
  repository: 'acme/app', issues: [], emailLogins: { 'ann@example.com': 'ann-gh' }, profiles: { zoe: 'Zoe Q' },
  reviews: [review('bobcat', 1, 'acme/app', '2025-03-04T12:00:00Z'), review('zoe', 1, 'acme/app', '2025-03-04T13:00:00Z', 'COMMENTED'), review('old', 2, 'acme/app', '2025-01-02T00:00:00Z')],
});
const activityB = (): PartActivity => ({
  repository: 'acme/lib', issues: [], emailLogins: {}, profiles: {},
  reviews: [review('ANN-GH', 9, 'acme/lib', '2025-03-06T12:00:00Z'), review('dependabot[bot]', 9, 'acme/lib', '2025-03-06T12:00:00Z')],
});
const ok: ActivityStatus = { state: 'ok', syncedAt: '2025-03-19T00:00:00Z' };

describe('assembleBoard with GitHub activity', () => {
  it('writes byte for byte the commits-only board when no part has activity and the status is off or absent', async () => {
    const plain = await assemble([partA(), partB()]);
    const off = await assemble([partA(null), partB(null)], { state: 'off', reason: 'No GitHub token.' });
    expect([...off.keys()].sort()).toEqual([...plain.keys()].sort());
    for (const [file, text] of plain) expect(off.get(file), file).toBe(text);
    for (const text of plain.values()) expect(text).not.toMatch(/review|"activity"/);
  });

  it('adds only metadata.activity, with its reason, when a token read nothing for want of a repository on GitHub', async () => {
    const plain = await assemble([partA(), partB()]);
    const status: ActivityStatus = { state: 'off', reason: NO_REPO_REASON };
    const off = await assemble([partA(null), partB(null)], status);
    expect([...off.keys()].sort()).toEqual([...plain.keys()].sort());
    const withReason: string[] = [];
    for (const [file, text] of plain) {
      if (!file.endsWith('.json')) {
        expect(off.get(file), file).toBe(text);
        continue;
      }
      const said = JSON.parse(off.get(file) as string);
      if (said.metadata) {
        expect(said.metadata.activity, file).toEqual({ status, points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 }, reviews: 0, issues: 0 });
        delete said.metadata.activity;
        withReason.push(file);
      }
      expect(said, file).toEqual(JSON.parse(text));
    }
    // The board, and each repository's own board, as the page reads them (data file and index).
    expect(withReason.filter((f) => f.endsWith('leaderboard-data.json'))).toHaveLength(3);
  });

  it('gives the same bytes whatever the order of the parts (as a merge of them does), linking logins over all parts', async () => {
    const one = await assemble([partA(activityA()), partB(activityB())], ok);
    const two = await assemble([partB(activityB()), partA(activityA())], ok);
    for (const [file, text] of one) expect(two.get(file), file).toBe(text);
    const data = parseLeaderboardData(JSON.parse(one.get('leaderboard-data.json') as string));
    const week = data.leaderboards.weekly['2025-W10'] ?? [];
    // Ann's login is answered in app's part and her review is in lib's: one person. Bob by his noreply address.
    expect(week.map((e) => [e.name, e.total_commits, e.review_count ?? 0, e.total_score])).toEqual([
      ['Ann', 2, 1, 121], ['Bob', 1, 1, 68], ['Zoe Q', 0, 1, 5],
    ]);
    // Outside the window, and bots: not counted.
    expect(Object.keys(data.leaderboards.monthly)).toEqual(['2025-03']);
    expect(data.metadata.activity).toMatchObject({ status: ok, points: { approved: 15, commented: 5 } });
    // The published site shows logins, never emails.
    // schema_version 4 has each person's login in their row of `people`, beside their email.
    const written = JSON.parse(one.get('leaderboard-data.json') as string) as { people: string[][] };
    expect(written.people.map(([name, , login]) => [name, login])).toEqual([['Ann', 'ANN-GH'], ['Bob', 'bobcat'], ['Zoe Q', 'zoe']]);
    expect(written.people.some(([, email]) => email?.includes('@'))).toBe(true);
    expect((withoutEmails(written) as { people: unknown }).people).toEqual([['Ann', 'ANN-GH', 'ANN-GH'], ['Bob', 'bobcat', 'bobcat'], ['Zoe Q', 'zoe', 'zoe']]);
    expect(expandCompactDataFile(withoutEmails(written) as Record<string, unknown>).emails).toEqual({ Ann: 'ANN-GH', Bob: 'bobcat', 'Zoe Q': 'zoe' });
    // Repository shares are of commits: a reviewer without commits has none.
    expect(Object.keys(data.metadata.repositoryShares as object)).toEqual(['Ann', 'Bob']);
    // Each repository's own board counts its own reviews.
    const lib = parseLeaderboardData(JSON.parse(one.get(path.join('leaderboard-repos', 'lib', 'leaderboard-data.json')) as string));
    expect(lib.leaderboards.weekly['2025-W10']?.map((e) => [e.name, e.review_count ?? 0])).toEqual([['Ann', 1]]);
  });

  it('records a failed sync, with the last good data kept', async () => {
    const failed: ActivityStatus = { state: 'failed', error: 'GitHub answered 401 Bad credentials', syncedAt: null };
    const files = await assemble([partA(null)], failed);
    const data = parseLeaderboardData(JSON.parse(files.get('leaderboard-data.json') as string));
    expect(data.metadata.activity).toMatchObject({ status: failed });
  });
});

describe('repository shares', () => {
  it('names a contributor called __proto__ like anyone else (it was set as the object\'s prototype, and lost)', async () => {
    const proto = (name: string, commits: ScoredCommit[]): BoardPart => ({ name, url: null, head: 'd'.repeat(40), history: null, commits });
    const files = await assemble([
      proto('app', [commit('__proto__', 'p@example.com', '2025-03-04T10:00:00Z', 11), commit('Ann', 'ann@example.com', '2025-03-04T11:00:00Z', 12)]),
      proto('lib', [commit('__proto__', 'p@example.com', '2025-03-05T10:00:00Z', 13)]),
    ]);
    const shares = JSON.parse(files.get('leaderboard-data.json') as string).metadata.repositoryShares as Record<string, unknown>;
    expect(Object.keys(shares)).toEqual(['Ann', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(shares, '__proto__')?.value).toEqual({ app: [1, 53], lib: [1, 53] });
  });
});
