/**
 * The manual commands run from outside any repository with only --data-dir: the board is rebuilt
 * with the settings of the repository that data directory was refreshed from (its
 * refresh-state.json names it), never silently with the default ones, which dropped the
 * config's identities and split merged people apart again until the next refresh.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../support/cli.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { bytesOf, cli, dataFiles, readData, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();
const running = new Set<ServeProcess>();
afterAll(async () => { await Promise.all([...running].map((s) => s.stop())); });
const people = (dataDir: string) => [...new Set(Object.values(readData(dataDir).leaderboards.quarterly).flat().map((e) => e.name))].sort();

async function boardWithIdentities(config: unknown) {
  const repo = await newRepo();
  await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Alice', email: 'alice@example.com' }, date: '2025-10-14T10:00:00Z' });
  await repo.commit({ files: { 'b.ts': 'export const b = 1;\n' }, message: 'feat: b', author: { name: 'Bo', email: 'bo@old.example.com' }, date: '2025-10-15T10:00:00Z' });
  await repo.commit({ files: { 'c.ts': 'export const c = 1;\n' }, message: 'feat: c', author: { name: 'Bob', email: 'bob@example.com' }, date: '2025-10-16T10:00:00Z' });
  if (config) await repo.writeFile('leaderboard.config.json', JSON.stringify(config));
  expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
  return { repo, dataDir: path.join(repo.dir, '.leaderboard'), outside: await tempDir('lb-outside-') };
}

describe('manual commands with --data-dir from outside any repository', () => {
  it("rebuild with the settings of the repository the data directory was refreshed from", async () => {
    const { repo, dataDir, outside } = await boardWithIdentities({ identities: { Bob: ['Bo', 'bo@old.example.com'] } });
    expect(people(dataDir)).toEqual(['Alice', 'Bob']);
    const add = cli(outside, ['add-contribution', 'Carol', '--score', '5', '--data-dir', dataDir]);
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(people(dataDir)).toEqual(['Alice', 'Bob', 'Carol']);
    const file = path.join(outside, 'manual.json');
    cpSync(dataFiles(dataDir).manual, file);
    expect(cli(outside, ['contributor', 'add', 'Dan', '--score', '2', '--data-dir', dataDir]).code).toBe(0);
    const back = cli(outside, ['import', file, '--data-dir', dataDir]);
    expect(back.code, back.stderr).toBe(0);
    expect(people(dataDir)).toEqual(['Alice', 'Bob', 'Carol']);
    // A revision is the repository's own.
    const set = cli(outside, ['ai-override', 'set', 'HEAD', '--score', '9', '--note', 'n', '--by', 'me', '--data-dir', dataDir]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`AI score of ${(await repo.git('rev-parse', 'HEAD')).trim().slice(0, 8)} set to 9`);
    expect(people(dataDir)).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('refuse, changing nothing, when that repository is gone and had settings of its own', async () => {
    const { repo, dataDir, outside } = await boardWithIdentities({ identities: { Bob: ['Bo', 'bo@old.example.com'] } });
    const copy = path.join(outside, 'data');
    cpSync(dataDir, copy, { recursive: true });
    rmSync(path.join(repo.dir, '.git'), { recursive: true, force: true });
    const before = { manual: bytesOf(dataFiles(copy).manual), data: bytesOf(dataFiles(copy).data) };
    const file = path.join(outside, 'in.json');
    writeFileSync(file, JSON.stringify({ contributors: { Eve: { contributions: [{ score: 3, notes: 'talk', start_date: null, end_date: null }] } } }));
    const imp = cli(outside, ['import', file, '--data-dir', copy]);
    expect(imp.code).toBe(2);
    expect(imp.stderr).toContain(`Error: ${copy} was built with the settings (leaderboard.config.json) of ${repo.dir}, which is not a git repository here`);
    expect(imp.stderr).toContain('Hint: Pass --repo with a checkout of that repository');
    const add = cli(outside, ['add-contribution', 'Eve', '--score', '3', '--data-dir', copy]);
    expect(add.code).toBe(2);
    expect(add.stderr).toContain(`Error: ${copy} was built with the settings (leaderboard.config.json) of ${repo.dir}, which is not a git repository here`);
    expect({ manual: bytesOf(dataFiles(copy).manual), data: bytesOf(dataFiles(copy).data) }).toEqual(before);
    expect(people(copy)).toEqual(['Alice', 'Bob']);
  });

  it('import with the default settings when the board was built with them and its repository is gone', async () => {
    const { repo, dataDir, outside } = await boardWithIdentities(null);
    const copy = path.join(outside, 'data');
    cpSync(dataDir, copy, { recursive: true });
    rmSync(path.join(repo.dir, '.git'), { recursive: true, force: true });
    const file = path.join(outside, 'in.json');
    writeFileSync(file, JSON.stringify({ contributors: { Eve: { contributions: [{ score: 3, notes: 'talk', start_date: null, end_date: null }] } } }));
    const imp = cli(outside, ['import', file, '--data-dir', copy]);
    expect(imp.code, imp.stderr).toBe(0);
    expect(people(copy)).toEqual(['Alice', 'Bo', 'Bob', 'Eve']);
    // So do add-contribution and contributor add (a merged board records the folder merge ran in, no repository).
    const add = cli(outside, ['add-contribution', 'Eve', '--score', '2', '--data-dir', copy]);
    expect(add.code, add.stderr).toBe(0);
    const created = cli(outside, ['contributor', 'add', 'Finn', '--score', '4', '--data-dir', copy]);
    expect(created.code, created.stderr).toBe(0);
    expect(people(copy)).toEqual(['Alice', 'Bo', 'Bob', 'Eve', 'Finn']);
  });

  it('serve refreshes the data directory from the repository it was refreshed from, and names --no-refresh when there is none', async () => {
    const { repo, dataDir, outside } = await boardWithIdentities({ identities: { Bob: ['Bo', 'bo@old.example.com'] } });
    await repo.commit({ files: { 'd.ts': 'export const d = 1;\n' }, message: 'feat: d', author: { name: 'Dee', email: 'dee@example.com' }, date: '2025-10-17T10:00:00Z' });
    // --all: refreshed before it listens, whatever today's window holds.
    const s = await startServe(['--data-dir', dataDir, '--all'], { cwd: outside, env: gitIsolationVars() });
    running.add(s);
    expect(s.output()).toContain(`No git repository in ${outside}: refreshing ${dataDir} from ${repo.dir}, the repository it was last refreshed from.`);
    expect(s.output()).not.toContain('Refresh failed');
    // Dee's commit, and the repository's identities (Bo is Bob).
    expect(people(dataDir)).toEqual(['Alice', 'Bob', 'Dee']);
    await s.stop();
    running.delete(s);

    // Its repository gone, or never refreshed: the way to serve it as it is is named.
    const copy = path.join(outside, 'data');
    cpSync(dataDir, copy, { recursive: true });
    rmSync(path.join(repo.dir, '.git'), { recursive: true, force: true });
    const r = cli(outside, ['serve', '--no-open', '--port', '0', '--data-dir', copy]);
    expect(r.code, r.stdout).toBe(2);
    expect(r.stderr).toContain(`Error: ${outside} is not a git repository`);
    expect(r.stderr).toContain(`Hint: Run inside a git repository, pass --repo PATH, or pass --no-refresh to serve ${copy} as it is.`);
    // A folder that is not there has nothing to serve as it is.
    const none = cli(outside, ['serve', '--no-open', '--port', '0', '--data-dir', path.join(outside, 'new-data')]);
    expect(none.code, none.stdout).toBe(2);
    expect(none.stderr).toContain('Hint: Run inside a git repository or pass --repo PATH.');
    expect(none.stderr).not.toContain('--no-refresh');
  });

  it('refresh and build refresh the data directory from the repository it was refreshed from, and say so unless --quiet', async () => {
    const { repo, dataDir, outside } = await boardWithIdentities({ identities: { Bob: ['Bo', 'bo@old.example.com'] } });
    await repo.commit({ files: { 'd.ts': 'export const d = 1;\n' }, message: 'feat: d', author: { name: 'Dee', email: 'dee@example.com' }, date: '2025-10-17T10:00:00Z' });
    const said = `No git repository in ${outside}: refreshing ${dataDir} from ${repo.dir}, the repository it was last refreshed from.`;
    const refreshed = cli(outside, ['refresh', '--all', '--data-dir', dataDir]);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(refreshed.stdout).toContain(said);
    // Dee's commit, and the repository's identities (Bo is Bob).
    expect(people(dataDir)).toEqual(['Alice', 'Bob', 'Dee']);
    const quiet = cli(outside, ['refresh', '--all', '--quiet', '--data-dir', dataDir]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).not.toContain('No git repository');

    await repo.commit({ files: { 'e.ts': 'export const e = 1;\n' }, message: 'feat: e', author: { name: 'Eve', email: 'eve@example.com' }, date: '2025-10-18T10:00:00Z' });
    const site = path.join(outside, 'site');
    const built = cli(outside, ['build', '--all', '--data-dir', dataDir, '--out', site, '--no-admin']);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain(said);
    expect(people(dataDir)).toEqual(['Alice', 'Bob', 'Dee', 'Eve']);
    expect(bytesOf(path.join(site, 'index.html'))).toContain('<html');

    // Its repository gone: refresh says how to name one; build also how to publish the data as it is.
    const copy = path.join(outside, 'data');
    cpSync(dataDir, copy, { recursive: true });
    rmSync(path.join(repo.dir, '.git'), { recursive: true, force: true });
    const before = bytesOf(dataFiles(copy).data);
    const gone = cli(outside, ['refresh', '--data-dir', copy]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain(`Error: ${outside} is not a git repository`);
    expect(gone.stderr).toContain('Hint: Run inside a git repository or pass --repo PATH.');
    const build = cli(outside, ['build', '--data-dir', copy]);
    expect(build.code).toBe(2);
    expect(build.stderr).toContain(`Hint: Run inside a git repository, pass --repo PATH, or pass --no-refresh to publish ${copy} as it is.`);
    expect(bytesOf(dataFiles(copy).data)).toEqual(before);
    // A folder with no board in it has nothing to publish as it is.
    const empty = path.join(outside, 'empty');
    mkdirSync(empty);
    const nothing = cli(outside, ['build', '--data-dir', empty]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Hint: Run inside a git repository or pass --repo PATH.');
  });

  it('refuse to refresh a board of several --repo from the one repository it records, which would replace it', async () => {
    const a = await newRepo();
    await a.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Alice', email: 'alice@example.com' }, date: '2025-10-14T10:00:00Z' });
    const b = await newRepo();
    await b.commit({ files: { 'b.ts': 'export const b = 1;\n' }, message: 'feat: b', author: { name: 'Bea', email: 'bea@example.com' }, date: '2025-10-15T10:00:00Z' });
    const outside = await tempDir('lb-outside-');
    // Named apart (each test repository's folder is "repo").
    const [alpha, beta] = [path.join(outside, 'alpha'), path.join(outside, 'beta')];
    cpSync(a.dir, alpha, { recursive: true });
    cpSync(b.dir, beta, { recursive: true });
    const board = path.join(outside, 'board');
    const made = cli(outside, ['refresh', '--all', '--repo', alpha, '--repo', beta, '--data-dir', board]);
    expect(made.code, made.stderr).toBe(0);
    const before = { data: bytesOf(dataFiles(board).data), parts: readdirSync(path.join(board, 'parts')).sort() };
    expect(before.parts).toHaveLength(2);
    for (const command of ['refresh', 'build']) {
      const r = cli(outside, [command, '--all', '--data-dir', board]);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toContain(`Error: ${board} holds a board of 2 repositories`);
      expect(r.stderr).toContain(`not the board of ${alpha}, the repository it was last refreshed from`);
      expect(r.stderr).toContain(`Hint: Name its repositories again: leaderboard ${command} --repo <path of alpha> --repo <path of beta> --data-dir ${board}${command === 'build' ? ', or pass --no-refresh to publish it as it is' : ''}`);
      expect({ data: bytesOf(dataFiles(board).data), parts: readdirSync(path.join(board, 'parts')).sort() }).toEqual(before);
    }
  });
});
