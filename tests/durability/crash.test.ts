/**
 * Crash test: a child process taking a stream of acknowledged saves (the core calls the admin
 * API and add-contribution make) is killed with SIGKILL at random moments, again and again.
 * After each kill every file of the data directory parses and every acknowledged save is there.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, dataFiles, tempResources } from '../cli/helpers.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { expectAllFilesParse, SAVE_LOOP } from './support/data-dir.js';
import { acksUntilKilled } from './support/kill.js';

const KILLS = 15;
const { newRepo } = tempResources();
let repo: TestRepo;
let dataDir: string;

beforeAll(async () => {
  repo = await newRepo();
  for (let i = 0; i < 5; i++) {
    await repo.commit({ files: { [`f${i}.ts`]: 'x\n'.repeat(10 * (i + 1)) }, message: `feat: f${i}`, date: `2025-0${i + 1}-10T10:00:00Z` });
  }
  dataDir = path.join(repo.dir, '.leaderboard');
  await mkdir(dataDir, { recursive: true });
  await writeFile(dataFiles(dataDir).manual, `${JSON.stringify({ _instructions: 'kept by hand', contributors: {} }, null, 2)}\n`);
  expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
});

/** Runs the save loop until killed `afterMs` after its first ACK; resolves to the names it ACKed. */
const runUntilKilled = (round: number, afterMs: number): Promise<string[]> =>
  acksUntilKilled([SAVE_LOOP, repo.dir, dataDir, `r${round}`], afterMs, { ...process.env, ...gitIsolationVars() });

describe('SIGKILL during saves', () => {
  it(`loses no acknowledged save and leaves no broken file, over ${KILLS} kills`, async () => {
    const acked: string[] = [];
    for (let round = 0; round < KILLS; round++) {
      // Random moments: from right after the first save to well into the stream.
      const t0 = Date.now();
      const names = await runUntilKilled(round, Math.floor(Math.random() * 400));
      if (process.env.LB_DEBUG) console.error(`round ${round}: ${Date.now() - t0} ms, ${names.length} acks`);
      acked.push(...names);
      const manual = expectAllFilesParse(dataDir);
      const missing = acked.filter((n) => !Object.hasOwn(manual.contributors, n));
      expect(missing, `round ${round}`).toEqual([]);
    }
    expect(acked.length).toBeGreaterThan(KILLS);
    // And the product still works on the survivors' files: a save and a refresh succeed.
    const after = cli(repo.dir, ['add-contribution', 'After Crash', '--score', '3']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('Leaderboards rebuilt.');
    expect(cli(repo.dir, ['refresh']).code).toBe(0);
    expectAllFilesParse(dataDir);
  }, 60_000);
});
