/**
 * `leaderboard serve` reads leaderboard.config.json again before each refresh: an edit made while
 * it runs applies from the next timed refresh, and a config broken since fails that refresh,
 * recorded in last-update.json, while the last good board keeps being served.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseLeaderboardData } from '../../src/shared/data-file.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

let repo: TestRepo;
let serve: ServeProcess;
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const config = (extra: object) => JSON.stringify({ serve: { refreshInterval: '1s' }, ...extra });

beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  repo = await createTestRepo();
  await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: { name: 'Bob', email: 'bob@example.com' }, date: day(3) });
  await repo.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: b', author: { name: 'bob smith', email: 'bob@old.example' }, date: day(2) });
  await writeFile(path.join(repo.dir, 'leaderboard.config.json'), config({}));
  serve = await startServe([], { cwd: repo.dir, env: gitIsolationVars() });
});
afterAll(async () => {
  await serve?.stop();
  await repo?.cleanup();
});

const people = async () => {
  const data = parseLeaderboardData(await (await fetch(`${serve.url}leaderboard-data.json`)).json());
  return [...new Set(Object.values(data.leaderboards.quarterly).flat().map((e) => e.name))].sort();
};
const status = async () => JSON.parse(await readFile(path.join(repo.dir, '.leaderboard', 'last-update.json'), 'utf8')) as { success: boolean; error?: string };

it('applies an edit of the config from the next refresh', async () => {
  expect(await people()).toEqual(['Bob', 'bob smith']);
  await writeFile(path.join(repo.dir, 'leaderboard.config.json'), config({ identities: { Bob: ['bob smith'] } }));
  await expect.poll(people, { timeout: 30_000, interval: 250 }).toEqual(['Bob']);
});

it('records a config broken since as the refresh failure, and keeps serving the last board', async () => {
  await writeFile(path.join(repo.dir, 'leaderboard.config.json'), config({ identites: { Bob: ['bob smith'] } }));
  await expect.poll(async () => (await status()).error ?? '', { timeout: 30_000, interval: 250 }).toContain('unknown key "identites": did you mean "identities"?');
  expect((await status()).success).toBe(false);
  expect(await people()).toEqual(['Bob']);
});
