import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { listCommits, readCommits } from '../../src/core/git/history.js';
import { headCommit } from '../../src/core/git/repo.js';
import type { RawCommit } from '../../src/core/types.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

const repos: TestRepo[] = [];
async function newRepo(options?: Parameters<typeof createTestRepo>[0]): Promise<TestRepo> {
  const repo = await createTestRepo(options);
  repos.push(repo);
  return repo;
}

async function readOne(repo: TestRepo, hash: string): Promise<RawCommit> {
  const [commit] = await readCommits(repo.dir, [hash]);
  if (!commit) throw new Error('no commit');
  return commit;
}

beforeAll(() => {
  Object.assign(process.env, gitIsolationVars());
});
afterAll(async () => {
  await Promise.all(repos.map((r) => r.cleanup()));
});

describe('readCommits parses every text git can produce', () => {
  it('keeps pipes, tabs, quotes, emoji and non-ASCII in names, messages and paths', async () => {
    const repo = await newRepo();
    const name = 'Zoë "Z" O\'Brien | 🎉\tTab';
    const subject = 'feat(ui)!: add | pipes\tand "quotes" \'single\' 🎉 ünïcødé';
    const body = 'First body line | with pipe\n1\t2\tlooks-like-numstat.txt\n\ncommit 0123456789abcdef\nBREAKING CHANGE: "everything" 💥';
    const path = 'dir/naïve "quoted" | file\twith tab 🎉.txt';
    const hash = await repo.commit({
      files: { [path]: 'a\nb\n' },
      message: `${subject}\n\n${body}\n`,
      author: { name, email: 'zoë@exämple.com' },
      date: '2025-01-02T03:04:05+02:00',
    });
    expect(await readOne(repo, hash)).toEqual({
      hash,
      authorName: name,
      authorEmail: 'zoë@exämple.com',
      authorDate: '2025-01-02T01:04:05.000Z',
      subject,
      body,
      files: [{ path, insertions: 2, deletions: 0, binary: false }],
    });
  });

  it('reads empty commits, subject-only messages and deletions', async () => {
    const repo = await newRepo();
    const first = await repo.commit({ files: { 'a.txt': '1\n2\n3\n' }, message: 'one' });
    const empty = await repo.commit({ message: 'chore: nothing\n\nbut a body\n' });
    const del = await repo.commit({ files: { 'a.txt': null }, message: 'remove' });
    const [a, b, c] = await readCommits(repo.dir, [first, empty, del]);
    expect(a).toMatchObject({ subject: 'one', body: '', files: [{ path: 'a.txt', insertions: 3, deletions: 0 }] });
    expect(b).toMatchObject({ subject: 'chore: nothing', body: 'but a body', files: [] });
    expect(c?.files).toEqual([{ path: 'a.txt', insertions: 0, deletions: 3, binary: false }]);
  });

  it('resolves renames: a pure rename is 0 lines, edits count, directory renames keep both paths', async () => {
    const repo = await newRepo();
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}\n`).join('');
    await repo.commit({ files: { 'old.txt': lines, 'src/a/f.ts': lines, 'edit.txt': lines } });
    await repo.rename('old.txt', 'new.txt');
    await repo.rename('src/a/f.ts', 'src/b/f.ts');
    const pure = await repo.commit({ message: 'refactor: move' });
    await repo.rename('edit.txt', 'docs/edited.txt');
    const edited = await repo.commit({ files: { 'docs/edited.txt': lines.replace('line 3\n', 'line three\n') } });
    const [p, e] = await readCommits(repo.dir, [pure, edited]);
    expect(p?.files).toEqual([
      { path: 'new.txt', oldPath: 'old.txt', insertions: 0, deletions: 0, binary: false },
      { path: 'src/b/f.ts', oldPath: 'src/a/f.ts', insertions: 0, deletions: 0, binary: false },
    ]);
    expect(e?.files).toEqual([{ path: 'docs/edited.txt', oldPath: 'edit.txt', insertions: 1, deletions: 1, binary: false }]);
  });

  it('counts binary files as 0 lines', async () => {
    const repo = await newRepo();
    const hash = await repo.commit({ files: { 'img.png': Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02, 0x00, 0xff]), 'a.txt': 'x\n' } });
    expect((await readOne(repo, hash)).files).toEqual([
      { path: 'a.txt', insertions: 1, deletions: 0, binary: false },
      { path: 'img.png', insertions: 0, deletions: 0, binary: true },
    ]);
  });

  it('keeps multi-byte text whole across stdout chunk boundaries', async () => {
    const repo = await newRepo();
    const files: Record<string, string> = {};
    for (let i = 0; i < 1500; i++) files[`dïr/fïle-${i}-🎉.txt`] = 'x\n'.repeat((i % 3) + 1);
    const body = Array.from({ length: 4000 }, (_, i) => `línea ${i} 🎉 ü`).join('\n');
    const hash = await repo.commit({ files, message: `feat: big\n\n${body}\n` });
    const commit = await readOne(repo, hash);
    expect(commit.body).toBe(body);
    expect(commit.files).toHaveLength(1500);
    expect(commit.files.every((f) => /^dïr\/fïle-\d+-🎉\.txt$/.test(f.path) && f.insertions >= 1)).toBe(true);
  });

  it('honours .mailmap: two emails become one name and email', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { '.mailmap': 'Jane Doe <jane@new.example> <jane@old.example>\nJane Doe <jane@new.example> J. Doe <jd@laptop.local>\n' } });
    const a = await repo.commit({ files: { 'a.txt': 'a\n' }, author: { name: 'jane', email: 'jane@old.example' } });
    const b = await repo.commit({ files: { 'b.txt': 'b\n' }, author: { name: 'J. Doe', email: 'jd@laptop.local' } });
    const commits = await readCommits(repo.dir, [a, b]);
    expect(commits.map((c) => [c.authorName, c.authorEmail])).toEqual([
      ['Jane Doe', 'jane@new.example'],
      ['Jane Doe', 'jane@new.example'],
    ]);
  });
});

describe('listCommits', () => {
  it('gives [] for a repository with no commits', async () => {
    const repo = await newRepo();
    expect(await headCommit(repo.dir)).toBeNull();
    expect(await listCommits(repo.dir, {})).toEqual([]);
    expect(await listCommits(repo.dir, { since: new Date('2020-01-01') })).toEqual([]);
    expect(await readCommits(repo.dir, [])).toEqual([]);
  });

  it('leaves merge commits out and keeps both sides', async () => {
    const repo = await newRepo();
    const base = await repo.commit({ files: { 'a.txt': 'a\n' }, date: '2025-01-01T00:00:00Z' });
    await repo.git('switch', '-q', '-c', 'topic');
    const topic = await repo.commit({ files: { 'b.txt': 'b\n' }, date: '2025-01-02T00:00:00Z' });
    await repo.git('switch', '-q', 'main');
    const main = await repo.commit({ files: { 'c.txt': 'c\n' }, date: '2025-01-03T00:00:00Z' });
    await repo.git('merge', '-q', '--no-ff', '-m', 'Merge topic', 'topic');
    const merge = await repo.git('rev-parse', 'HEAD');
    const listed = await listCommits(repo.dir, {});
    expect(listed.map((c) => c.hash)).toEqual([main, topic, base]);
    expect(listed.map((c) => c.hash)).not.toContain(merge);
    expect(listed[0]?.seconds).toBe(Date.parse('2025-01-03T00:00:00Z') / 1000);
  });

  it('filters and sorts by author date, not committer date', async () => {
    const repo = await newRepo();
    const old = await repo.commit({ date: '2024-06-01T00:00:00Z' });
    // Rebased long after it was written: new committer date, old author date.
    const rebased = await repo.commit({ date: '2024-12-31T23:59:59Z', committerDate: '2025-03-01T00:00:00Z' });
    const exact = await repo.commit({ date: '2025-01-01T00:00:00Z', committerDate: '2025-03-02T00:00:00Z' });
    // Authored "in the future" relative to its committer date.
    const future = await repo.commit({ date: '2025-05-01T00:00:00Z', committerDate: '2024-01-01T00:00:00Z' });
    const latest = await repo.commit({ date: '2025-02-01T00:00:00Z', committerDate: '2025-03-03T00:00:00Z' });
    const all = await listCommits(repo.dir, {});
    expect(all.map((c) => c.hash)).toEqual([future, latest, exact, rebased, old]);
    const since = await listCommits(repo.dir, { since: new Date('2025-01-01T00:00:00Z') });
    expect(since).toEqual([
      { hash: future, seconds: Date.parse('2025-05-01T00:00:00Z') / 1000 },
      { hash: latest, seconds: Date.parse('2025-02-01T00:00:00Z') / 1000 },
      { hash: exact, seconds: Date.parse('2025-01-01T00:00:00Z') / 1000 },
    ]);
  });

  it('works in a shallow clone, where the boundary commit shows its whole tree', async () => {
    const source = await newRepo();
    for (let i = 1; i <= 5; i++) await source.commit({ files: { [`f${i}.txt`]: `${i}\n` }, date: `2025-01-0${i}T00:00:00Z` });
    const clone = await newRepo({ cloneFrom: source.dir, depth: 2 });
    const listed = await listCommits(clone.dir, {});
    expect(listed.map((c) => new Date(c.seconds * 1000).toISOString())).toEqual(['2025-01-05T00:00:00.000Z', '2025-01-04T00:00:00.000Z']);
    const [newest, boundary] = await readCommits(clone.dir, listed.map((c) => c.hash));
    expect(newest?.files.map((f) => f.path)).toEqual(['f5.txt']);
    expect(boundary?.files.map((f) => f.path)).toEqual(['f1.txt', 'f2.txt', 'f3.txt', 'f4.txt']);
  });
});

describe('readCommits chunking', () => {
  let repo: TestRepo;
  let hashes: string[];
  beforeAll(async () => {
    repo = await newRepo();
    hashes = [];
    for (let i = 0; i < 12; i++) {
      const files: Record<string, string> = { [`f${i % 4}.txt`]: `v${i}\n`.repeat(i + 1) };
      if (i % 5 === 0) files[`bin${i}.dat`] = `\0${i}`;
      hashes.push(await repo.commit({ files, message: `commit ${i}\n\nbody ${i}\n` }));
    }
  });

  it('gives identical results, in the order asked, whatever the concurrency', async () => {
    const order = [...hashes].reverse().filter((_, i) => i % 3 !== 1).concat(hashes.slice(0, 3));
    const seen: string[] = [];
    const one = await readCommits(repo.dir, order, { concurrency: 1 });
    const three = await readCommits(repo.dir, order, { concurrency: 3, onCommit: (c) => seen.push(c.hash) });
    const byDefault = await readCommits(repo.dir, order);
    expect(one.map((c) => c.hash)).toEqual(order);
    expect(three).toEqual(one);
    expect(byDefault).toEqual(one);
    expect(new Set(seen)).toEqual(new Set(order));
    expect(seen).toHaveLength(new Set(order).size);
  });

  it('accepts upper-case hashes and refuses anything but full hashes', async () => {
    const [first] = hashes as [string];
    expect((await readCommits(repo.dir, [first.toUpperCase()]))[0]?.hash).toBe(first);
    for (const bad of [first.slice(0, 12), '--all', 'HEAD']) {
      await expect(readCommits(repo.dir, [bad])).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
  });

  it('fails with GIT_FAILED for an unknown commit', async () => {
    const err: unknown = await readCommits(repo.dir, ['0'.repeat(40)], { concurrency: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LeaderboardError);
    expect(err).toMatchObject({ code: 'GIT_FAILED' });
    // Among known ones, read by two gits that may share a chunk: the read fails, nothing left running.
    const mixed = [...hashes.slice(0, 6), '1'.repeat(40), ...hashes.slice(6)];
    await expect(readCommits(repo.dir, mixed, { concurrency: 2 })).rejects.toMatchObject({ code: 'GIT_FAILED' });
  });
});
