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
import { parseLeaderboardData, type LeaderboardData, type WrittenLeaderboardData } from '../../src/shared/data-file.js';
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

/** The data file as written (compact shape). */
export function readRawData(dataDir: string): WrittenLeaderboardData {
  return readJson<WrittenLeaderboardData>(dataFiles(dataDir).data);
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
