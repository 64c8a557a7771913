// `serve` refreshes before serving when the board is not the one its repository and config make
// now (a config edited, a commit made since the last refresh), however recent the data file is.
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../support/cli.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { cli, tempResources } from './helpers.js';

const { newRepo } = tempResources();
const running = new Set<ServeProcess>();
afterAll(async () => { await Promise.all([...running].map((s) => s.stop())); });
const recent = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

/** The names the served board's index lists. */
async function people(url: string): Promise<string[]> {
  const index = await (await fetch(new URL('leaderboard-index.json', url))).json() as { people: [string, ...unknown[]][] };
  return index.people.map((p) => p[0]).sort();
}

describe('serve at start', () => {
  it('refreshes a board made from another config or before the latest commit, and serves a current one as it is', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: { name: 'Ann Lee', email: 'ann@example.com' }, date: recent(30) });
    await repo.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: b', author: { name: 'A. Lee', email: 'a.lee@example.com' }, date: recent(20) });
    expect(cli(repo.dir, ['refresh', '--quiet']).code).toBe(0);
    const dataFile = path.join(repo.dir, '.leaderboard', 'leaderboard-data.json');
    const serve = async () => {
      const s = await startServe([], { cwd: repo.dir, env: gitIsolationVars() });
      running.add(s);
      return s;
    };
    const stop = async (s: ServeProcess) => {
      await s.stop();
      running.delete(s);
    };

    // Current: served as it is (no refresh run, the data file not written again).
    const { mtimeMs } = statSync(dataFile);
    let s = await serve();
    expect(s.output()).not.toContain('Analysing the repository');
    expect(await people(s.url)).toEqual(['A. Lee', 'Ann Lee']);
    expect(statSync(dataFile).mtimeMs).toBe(mtimeMs);
    await stop(s);

    // The config names the two one person: the board shows it from the start.
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ identities: { 'Ann Lee': ['A. Lee'] } }));
    s = await serve();
    expect(s.output()).toContain('Analysing the repository');
    expect(await people(s.url)).toEqual(['Ann Lee']);
    await stop(s);

    // A commit since: on the board from the start.
    await repo.commit({ files: { 'c.ts': 'c\n' }, message: 'fix: c', author: { name: 'Bo Chen', email: 'bo@example.com' }, date: recent(1) });
    s = await serve();
    expect(await people(s.url)).toEqual(['Ann Lee', 'Bo Chen']);
    await stop(s);
  });
});
