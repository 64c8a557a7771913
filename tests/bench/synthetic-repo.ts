import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FastImport } from './fast-import.js';
import { HistoryGenerator } from './gen-history.js';
import { BENCH_ROOT, git } from './util.js';

const DAY = 86_400;

export interface RepoParams {
  /** Non-merge commits (side-branch merges come on top). */
  commits: number;
  authors: number;
  seed: number;
  /** Unix seconds of the newest commit: the start of the current week, so a cached repo stays in the 365-day window. */
  end: number;
  /** Days from the oldest commit to the newest. */
  spanDays: number;
}

export interface SyntheticRepo {
  path: string;
  params: RepoParams;
  /** False when it came from the cache. */
  built: boolean;
  buildMs: number;
  trackedFiles: number;
}

/**
 * Parameters from the environment: BENCH_COMMITS (default 20000), BENCH_AUTHORS (default 300);
 * `shape` (the large shapes of tests/bench/shapes.ts) overrides them and may span more than a year.
 */
export function repoParams(now = Date.now(), shape?: { commits: number; authors: number; spanDays: number }): RepoParams {
  const commits = shape?.commits ?? Number(process.env.BENCH_COMMITS ?? 20_000);
  const authors = shape?.authors ?? Number(process.env.BENCH_AUTHORS ?? 300);
  if (!Number.isInteger(commits) || commits < 100) throw new Error('BENCH_COMMITS must be an integer >= 100');
  if (!Number.isInteger(authors) || authors < 1) throw new Error('BENCH_AUTHORS must be a positive integer');
  const week = 7 * DAY;
  // The newest commit is at most a week old and the oldest 355 days before it: < 365 days back.
  return { commits, authors, seed: 20_251_122, end: Math.floor(now / 1000 / week) * week, spanDays: shape?.spanDays ?? 355 };
}

// The generator's own source is part of the key: changing it rebuilds the cached repository.
function cacheKey(p: RepoParams): string {
  const sources = ['gen-text.ts', 'gen-history.ts', 'fast-import.ts', 'synthetic-repo.ts']
    .map((f) => readFileSync(new URL(`./${f}`, import.meta.url), 'utf8'));
  return createHash('sha1').update(JSON.stringify({ p, sources })).digest('hex').slice(0, 12);
}

const generator = (p: RepoParams) => new HistoryGenerator(p.seed, p.authors, p.end - p.spanDays * DAY, p.end, p.commits);

/**
 * The synthetic repository for these parameters, built with one streamed `git fast-import`
 * the first time and kept under os.tmpdir() (keyed by parameters) for later runs.
 * Callers must not change it: measure on a clone (see {@link cloneRepo}).
 */
export async function syntheticRepo(p: RepoParams, log: (s: string) => void): Promise<SyntheticRepo> {
  const span = p.spanDays === 355 ? '' : `${p.spanDays}d-`;
  const name = `repo-${p.commits}c-${p.authors}a-${span}${cacheKey(p)}`;
  const dir = path.join(BENCH_ROOT, name);
  const done = path.join(dir, '.git', 'bench-complete');
  const count = async () => (await git(dir, ['ls-files'])).stdout.split('\n').filter(Boolean).length;
  if (existsSync(done)) return { path: dir, params: p, built: false, buildMs: 0, trackedFiles: await count() };

  await mkdir(BENCH_ROOT, { recursive: true });
  // Earlier builds of the same size with other dates or generator code are stale.
  for (const old of await readdir(BENCH_ROOT)) {
    if (old.startsWith(`repo-${p.commits}c-${p.authors}a-${span}`) && old !== name && (span !== '' || !/^repo-\d+c-\d+a-\d+d-/.test(old))) await rm(path.join(BENCH_ROOT, old), { recursive: true, force: true });
  }
  log(`Building the synthetic repository (${p.commits} commits, ${p.authors} authors) with git fast-import...`);
  const started = performance.now();
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await git(BENCH_ROOT, ['init', '-q', '-b', 'main', tmp]);
  const fi = new FastImport(tmp);
  const gen = generator(p);
  fi.commit(gen.initial());
  while (gen.made < p.commits) {
    for (const c of gen.next()) fi.commit(c);
    await fi.flush();
  }
  await fi.finish();
  await git(tmp, ['update-ref', '-d', 'refs/heads/side']);
  await git(tmp, ['reset', '-q', '--hard', 'main']);
  await writeFile(path.join(tmp, '.git', 'bench-complete'), `${new Date().toISOString()}\n`);
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
  const buildMs = performance.now() - started;
  log(`Built in ${(buildMs / 1000).toFixed(1)} s: ${dir}`);
  return { path: dir, params: p, built: true, buildMs, trackedFiles: await count() };
}

/** A local clone of the cached repository (objects hard-linked), to refresh and add commits to. */
export async function cloneRepo(repo: SyntheticRepo, into: string): Promise<string> {
  const dest = path.join(into, 'repo');
  await git(into, ['clone', '-q', repo.path, dest]);
  return dest;
}

/**
 * Appends `count` commits to `main` of a clone in one fast-import, continuing the same
 * generated history (replayed in memory to know the files' contents), dated in the last hours.
 */
export async function appendCommits(clone: string, p: RepoParams, count: number): Promise<void> {
  const gen = generator(p);
  gen.initial();
  while (gen.made < p.commits) gen.next();
  gen.allowMerges = false;
  const fi = new FastImport(clone);
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < count; i++) {
    for (const c of gen.next()) fi.commit({ ...c, time: now - (count - i) * 60 }, i === 0 ? 'refs/heads/main^0' : undefined);
    await fi.flush();
  }
  await fi.finish();
  await git(clone, ['reset', '-q', '--hard', 'main']);
}
