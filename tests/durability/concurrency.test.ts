/**
 * Concurrency: several admin "clients" saving with If-Match versions, add-contribution CLI
 * processes and refreshes, all at once on one data directory. No lost update (every save is
 * either in the final file or was refused with STALE_VERSION), the file is never seen half
 * written, and no promise rejection goes unhandled.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { LeaderboardError } from '../../src/core/errors.js';
import { readManualForApi, replaceManualContributions } from '../../src/core/manual-service.js';
import { refresh } from '../../src/core/refresh.js';
import { runCliAsync } from '../support/cli.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { cli, dataFiles, tempResources } from '../cli/helpers.js';
import { expectAllFilesParse } from './support/data-dir.js';

const CLIENTS = 6;
const SAVES_PER_CLIENT = 35;
const CLI_WRITERS = 3;
const CLI_ADDS = 3;

const { newRepo } = tempResources();
let repo: TestRepo;
let dataDir: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => { unhandled.push(reason); };

beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  process.on('unhandledRejection', onUnhandled);
  repo = await newRepo();
  for (let i = 0; i < 4; i++) await repo.commit({ files: { [`f${i}.ts`]: 'x\n'.repeat(30) }, message: `feat: f${i}`, date: `2025-0${i + 1}-10T10:00:00Z` });
  dataDir = path.join(repo.dir, '.leaderboard');
  await mkdir(dataDir, { recursive: true });
  await writeFile(dataFiles(dataDir).manual, `${JSON.stringify({ _instructions: 'kept by hand', contributors: {} }, null, 2)}\n`);
  expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
});
afterAll(() => { process.off('unhandledRejection', onUnhandled); });

const entry = (score: number) => ({ contributions: [{ score, notes: 'concurrent', start_date: null, end_date: null }] });

describe('concurrent saves and refreshes', () => {
  it('loses no update, never shows a half-written file, leaves no rejection unhandled', async () => {
    const opts = { repo: repo.dir, dataDir, config: defaultConfig() };
    const applied: string[] = [];
    const refused: string[] = [];
    let done = false;

    // A reader that keeps parsing the manual file while everyone writes.
    let reads = 0;
    const reader = (async () => {
      while (!done) {
        JSON.parse(readFileSync(dataFiles(dataDir).manual, 'utf8'));
        reads++;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const client = async (c: number) => {
      for (let i = 0; i < SAVES_PER_CLIENT; i++) {
        const name = `client${c}-${i}`;
        const { contributors, etag } = await readManualForApi(dataDir);
        try {
          await replaceManualContributions(opts, { ...contributors, [name]: entry(i + 1) }, etag);
          applied.push(name);
        } catch (err) {
          if (!(err instanceof LeaderboardError) || err.code !== 'STALE_VERSION') throw err;
          refused.push(name);
        }
      }
    };
    const cliWriter = async (w: number) => {
      const names: string[] = [];
      for (let i = 0; i < CLI_ADDS; i++) {
        const name = `cli${w}-${i}`;
        const r = await runCliAsync(['add-contribution', name, '--score', '5'], { cwd: repo.dir, env: gitIsolationVars() });
        expect(r.code, r.stderr).toBe(0);
        names.push(name);
      }
      return names;
    };
    const refreshes = async () => {
      await refresh({ ...opts, all: true });
      const r = await runCliAsync(['refresh', '--all'], { cwd: repo.dir, env: gitIsolationVars() });
      expect(r.code, r.stderr).toBe(0);
      await refresh({ ...opts, all: true });
    };

    const results = await Promise.all([
      ...Array.from({ length: CLIENTS }, (_, c) => client(c).then(() => [] as string[])),
      ...Array.from({ length: CLI_WRITERS }, (_, w) => cliWriter(w)),
      refreshes().then(() => [] as string[]),
    ]);
    done = true;
    await reader;

    const cliNames = results.flat();
    const final = expectAllFilesParse(dataDir);
    expect(applied.length + refused.length).toBe(CLIENTS * SAVES_PER_CLIENT);
    // Each save either landed (and is still there: no later save dropped it) or was refused.
    expect(applied.filter((n) => !Object.hasOwn(final.contributors, n))).toEqual([]);
    expect(refused.filter((n) => Object.hasOwn(final.contributors, n))).toEqual([]);
    expect(cliNames.filter((n) => !Object.hasOwn(final.contributors, n))).toEqual([]);
    expect(Object.keys(final.contributors).sort()).toEqual([...applied, ...cliNames].sort());
    expect(applied.length).toBeGreaterThan(CLIENTS); // real interleaving, not all refused
    expect(reads).toBeGreaterThan(10);
    expect(unhandled).toEqual([]);
    // The data file was rebuilt from the last state of the manual file.
    expect(readFileSync(dataFiles(dataDir).data, 'utf8')).toContain(applied.at(-1)!);
    console.log(`concurrency: ${applied.length} saves applied, ${refused.length} refused as stale, ${cliNames.length} CLI adds, ${reads} reads`);
  }, 60_000);
});
