/**
 * Shared bits of the CLI integration tests: run the built CLI with git isolated from the
 * machine's config, run git for its exit code, and read the files a refresh writes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { pathToFileURL } from 'node:url';
import { parseLeaderboardData, type LeaderboardData, type PeriodType, type WrittenCommit, type WrittenEntry, type WrittenLeaderboardData } from '../../src/shared/data-file.js';
import { expandCompactDataFile, isCompactVersion } from '../../src/shared/compact-data-file.js';
import { runCli, type CliResult } from '../support/cli.js';
import { createTestRepo, gitIsolationVars, type TestRepo, type TestRepoOptions } from '../support/git-repo.js';

/**
 * Temp repositories and directories for one test file, removed after its tests. Call it at the
 * top level of the file (it registers an afterAll hook).
 */
export function tempResources(): { newRepo: (options?: TestRepoOptions) => Promise<TestRepo>; tempDir: (prefix: string) => Promise<string> } {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => { await Promise.all(cleanups.map((c) => c())); });
  return {
    newRepo: async (options) => {
      const repo = await createTestRepo(options);
      cleanups.push(() => repo.cleanup());
      return repo;
    },
    tempDir: async (prefix) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}

/** `leaderboard ...args` in `cwd`, off a terminal, with git isolated (plus any `env`). */
export function cli(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): CliResult {
  return runCli(args, { cwd, env: { ...gitIsolationVars(), ...env } });
}

/**
 * Environment that makes the spawned CLI believe it is `iso` (see support/fake-clock.mjs), for
 * tests of windows counted back from now. Git still sees the real clock.
 */
export function clockAt(iso: string): NodeJS.ProcessEnv {
  const preload = pathToFileURL(path.resolve('tests/cli/support/fake-clock.mjs')).href;
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(), LB_TEST_NOW: iso };
}

/** Runs git (isolated) and returns its exit code and output, for commands like `check-ignore`. */
export function gitStatus(cwd: string, args: string[]): { code: number | null; stdout: string } {
  const r = spawnSync('git', args, { cwd, env: { ...process.env, ...gitIsolationVars() }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout };
}

/** The files of a data directory. */
export function dataFiles(dataDir: string) {
  return {
    data: path.join(dataDir, 'leaderboard-data.json'),
    status: path.join(dataDir, 'last-update.json'),
    cache: path.join(dataDir, 'score-cache.json'),
    state: path.join(dataDir, 'refresh-state.json'),
    manual: path.join(dataDir, 'manual-contributions.json'),
    gitignore: path.join(dataDir, '.gitignore'),
  };
}

export function readJson<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/**
 * The data file as written, spelled out as schema_version 2 wrote it (see {@link spelledOut}),
 * so tests check what is written, field by field, without following the row layout.
 */
export function readRawData(dataDir: string): SpelledOutData {
  return spelledOut(readJson(dataFiles(dataDir).data));
}

/** An entry with what schema_version 3 leaves out of it put back. */
export type SpelledOutEntry = Omit<WrittenEntry, 'significant_commits' | 'total_score'> & { email: string; significant_commits: number; total_score: number };

/** A data file of schema_version 3 as schema_version 2 had it. */
export interface SpelledOutData {
  schema_version: 2;
  last_updated: string;
  total_commits_analyzed: number;
  analysis_period_days: number;
  commit_defaults: WrittenLeaderboardData['commit_defaults'];
  commits: WrittenCommit[];
  leaderboards: Record<PeriodType, Record<string, SpelledOutEntry[]>>;
  metadata: Record<string, unknown>;
}

/**
 * A data file of schema_version 3 or 4 (expanded into 3 first, by the product's
 * expandCompactDataFile) spelled out as schema_version 2 wrote it, key for key: each
 * row as a commit object (a value set at the path its column names, then the fields of its
 * trailing object), each entry with its email from the `emails` table ('' when absent), its
 * significant commits (0 when absent) and its total score (the commit score when absent).
 * Written apart from the product's reader, which a test compares it with.
 */
export function spelledOut(file: unknown): SpelledOutData {
  const raw = file as Record<string, unknown>;
  const data = isCompactVersion(raw.schema_version) ? expandCompactDataFile(raw) : file as WrittenLeaderboardData;
  const columns = data.commit_columns;
  const commit = (row: readonly unknown[]): WrittenCommit => {
    const out: Record<string, unknown> = {};
    const put = (field: string, value: unknown): void => {
      const [group, key] = field.split('.') as [string, string | undefined];
      if (key === undefined) out[group] = value;
      else ((out[group] ??= {}) as Record<string, unknown>)[key] = value;
    };
    columns.forEach((field, i) => put(field, row[i]));
    for (const [field, value] of Object.entries(row[columns.length] ?? {})) put(field, value);
    return out as unknown as WrittenCommit;
  };
  const entry = (e: WrittenEntry): SpelledOutEntry => {
    const { name, total_commits, significant_commits = 0, commit_score, total_score = commit_score, commits, ...optional } = e;
    const email = Object.hasOwn(data.emails, name) ? (data.emails[name] as string) : '';
    return { name, email, total_commits, significant_commits, commit_score, total_score, commits, ...optional };
  };
  const periods = (byLabel: Record<string, WrittenEntry[]>) => Object.fromEntries(Object.entries(byLabel).map(([label, entries]) => [label, entries.map(entry)]));
  return {
    schema_version: 2,
    last_updated: data.last_updated,
    total_commits_analyzed: data.total_commits_analyzed,
    analysis_period_days: data.analysis_period_days,
    commit_defaults: data.commit_defaults,
    commits: data.commits.map(commit),
    leaderboards: { weekly: periods(data.leaderboards.weekly), monthly: periods(data.leaderboards.monthly), quarterly: periods(data.leaderboards.quarterly) },
    metadata: data.metadata,
  };
}

/** The data file normalized the way the page reads it (short hash, classification, totals). */
export function readData(dataDir: string): LeaderboardData {
  return parseLeaderboardData(readJson(dataFiles(dataDir).data));
}

export interface StatusFile {
  success: boolean;
  timestamp: string;
  latestCommit: string | null;
  error?: string;
}

export function readStatus(dataDir: string): StatusFile {
  return readJson<StatusFile>(dataFiles(dataDir).status);
}

/** Full hashes in the score cache, in file order. */
export function cachedHashes(dataDir: string): string[] {
  return readJson<{ commits: { hash: string }[] }>(dataFiles(dataDir).cache).commits.map((c) => c.hash);
}

/** Bytes of a file, or null when it does not exist. */
export function bytesOf(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** The `(k scored, n cached[, d dropped])` counts of a refresh summary line. */
export function summaryCounts(stdout: string): { analysed: number; scored: number; cached: number; dropped: number } {
  const m = /Analysed (\d+) commits? over \d+ days? \((\d+) scored, (\d+) cached(?:, (\d+) dropped)?\)/.exec(stdout);
  if (!m) throw new Error(`not a refresh summary: ${JSON.stringify(stdout)}`);
  return { analysed: Number(m[1]), scored: Number(m[2]), cached: Number(m[3]), dropped: Number(m[4] ?? 0) };
}

/** Asserts-friendly: no JS stack frame in an error output. */
export function hasStackTrace(text: string): boolean {
  return /\n\s+at .+[:(]/.test(text) || text.includes('Unexpected error');
}

/** A whole-line list of the output, without blank lines. */
export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '');
}
