/**
 * A data directory is a folder of the board's own: a refresh empties its repos/, parts/ and
 * leaderboard-repos/ of what it did not make, and its .gitignore hides everything else in it
 * from git. So --data-dir must name a new or empty folder, or a data directory already, never an
 * empty value (an unset variable: the current directory); and a refresh run from the wrong
 * folder does not mark another board's refresh as failed.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, dataFiles, hasStackTrace, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

async function repoWithCommit() {
  const repo = await newRepo();
  await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Alice', email: 'alice@example.com' }, date: '2025-10-14T10:00:00Z' });
  return repo;
}

describe('--data-dir', () => {
  it('refuses a folder that holds other files and none of a board\'s, leaving them as they were', async () => {
    const repo = await repoWithCommit();
    const home = await tempDir('lb-home-');
    mkdirSync(path.join(home, 'repos', 'myproject'), { recursive: true });
    writeFileSync(path.join(home, 'repos', 'myproject', 'notes.txt'), 'work\n');
    const r = cli(repo.dir, ['refresh', '--all', '--data-dir', home]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Error: ${home} is not a leaderboard data directory: it holds other files and none of a board's.`);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(readFileSync(path.join(home, 'repos', 'myproject', 'notes.txt'), 'utf8')).toBe('work\n');
    expect(existsSync(path.join(home, '.gitignore'))).toBe(false);
    // The repository's own top folder: no .gitignore hiding its every new file.
    const top = cli(repo.dir, ['refresh', '--all', '--data-dir', '.']);
    expect(top.code).toBe(2);
    expect(existsSync(path.join(repo.dir, '.gitignore'))).toBe(false);
    expect(existsSync(path.join(repo.dir, 'last-update.json'))).toBe(false);
  });

  it('refuses an empty value, and takes a new folder, an empty one and a data directory already written', async () => {
    const repo = await repoWithCommit();
    for (const args of [['refresh', '--data-dir', ''], ['serve', '--data-dir', ' '], ['add-contribution', 'Ann', '--score', '1', '--data-dir', '']]) {
      const r = cli(repo.dir, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('Error: --data-dir is empty.');
    }
    expect(existsSync(path.join(repo.dir, '.gitignore'))).toBe(false);
    const empty = await tempDir('lb-empty-');
    expect(cli(repo.dir, ['refresh', '--all', '--data-dir', empty]).code).toBe(0);
    expect(cli(repo.dir, ['refresh', '--all', '--data-dir', empty]).code).toBe(0);
    const fresh = path.join(await tempDir('lb-new-'), 'board');
    expect(cli(repo.dir, ['refresh', '--all', '--data-dir', fresh]).code).toBe(0);
    // A folder with only a hand-kept file of a board (a manual file put there first) is one.
    const manualOnly = await tempDir('lb-manual-');
    writeFileSync(path.join(manualOnly, 'manual-contributions.json'), '{"contributors":{}}\n');
    expect(cli(repo.dir, ['refresh', '--all', '--data-dir', manualOnly]).code).toBe(0);
    // What a file system, a desktop or git puts in any folder, a .gitignore of one's own, a cache
    // restored in part (the board's own folders), and parts to merge: all the board's to use.
    const layouts: Record<string, (dir: string) => void> = {
      "a volume's lost+found and a desktop's files": (d) => { mkdirSync(path.join(d, 'lost+found')); writeFileSync(path.join(d, '.DS_Store'), ''); },
      'a .gitignore written by hand': (d) => writeFileSync(path.join(d, '.gitignore'), '*\n!.gitignore\n'),
      'a cache restored in part': (d) => { mkdirSync(path.join(d, 'repos', 'x.git'), { recursive: true }); mkdirSync(path.join(d, 'parts', 'x'), { recursive: true }); },
      'a part refreshed inside it': (d) => { mkdirSync(path.join(d, 'part-a')); writeFileSync(path.join(d, 'part-a', 'refresh-state.json'), '{}'); },
      'the GitHub activity cache alone (restored before a first refresh)': (d) => writeFileSync(path.join(d, 'github-activity-cache.jsonl'), ''),
    };
    for (const [what, make] of Object.entries(layouts)) {
      const d = await tempDir('lb-layout-');
      make(d);
      const r = cli(repo.dir, ['refresh', '--all', '--data-dir', d]);
      expect(r.code, `${what}: ${r.stderr}`).toBe(0);
    }
  });
});

describe('a refresh that fails before it starts', () => {
  it('is recorded in the board of its repository, not in another one it was pointed at by mistake', async () => {
    const repo = await repoWithCommit();
    const dataDir = path.join(repo.dir, '.leaderboard');
    expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
    const outside = await tempDir('lb-outside-');
    const wrong = cli(outside, ['refresh', '--data-dir', dataDir, '--repo', path.join(outside, 'missing')]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('does not exist');
    const status = () => JSON.parse(readFileSync(dataFiles(dataDir).status, 'utf8')) as { success: boolean };
    expect(status().success).toBe(true);
    // Its own repository broken (the config): recorded, so the page says so, also when --repo goes through a link.
    const link = path.join(await tempDir('lb-link-'), 'repo');
    symlinkSync(repo.dir, link);
    await repo.writeFile('leaderboard.config.json', '{ broken');
    expect(cli(outside, ['refresh', '--repo', link]).code).toBe(2);
    expect(status().success).toBe(false);
  });
});
