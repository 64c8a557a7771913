// What a build, merge or refresh killed part-way leaves is cleared by the next one (by a process
// that is gone): a site being filled, the previous site moved aside (put back when the kill came
// between the two renames and left no site at all), and the temp files of each repository's board.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replaceDirectory } from '../../src/core/site/replace-dir.js';
import { removeDeadDataDirTempFiles } from '../../src/core/store/files.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const temp = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'lb-leftovers-'));
  dirs.push(d);
  return d;
};

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

describe('a replacement killed part-way', () => {
  it('leaves nothing beside the site after the next one, and the previous site is put back when none is in place', async () => {
    const parent = await temp();
    const site = path.join(parent, 'site');
    const dead = deadPid();
    await mkdir(site);
    await writeFile(path.join(site, 'index.html'), 'current');
    await mkdir(path.join(parent, `.site.new-${dead}-0a1b2c3d`));
    await mkdir(path.join(parent, `.site.old-${dead}-0a1b2c3e`));
    await replaceDirectory(site, async (d) => writeFile(path.join(d, 'index.html'), 'next'));
    expect((await readdir(parent)).sort()).toEqual(['site']);
    expect(await readFile(path.join(site, 'index.html'), 'utf8')).toBe('next');

    // Killed between the renames: the last good site was aside; a build that then fails keeps it.
    await rm(site, { recursive: true });
    await mkdir(path.join(parent, `.site.old-${dead}-0a1b2c3f`));
    await writeFile(path.join(parent, `.site.old-${dead}-0a1b2c3f`, 'index.html'), 'last good');
    await expect(replaceDirectory(site, async () => { throw new Error('build failed'); })).rejects.toThrow('build failed');
    expect(await readFile(path.join(site, 'index.html'), 'utf8')).toBe('last good');
    expect((await readdir(parent)).sort()).toEqual(['site']);
  });

  it('leaves a live process\'s folders alone, and clears the temp files of each repository\'s board', async () => {
    const parent = await temp();
    await mkdir(path.join(parent, `.site.new-${process.ppid}-0a1b2c3d`));
    await replaceDirectory(path.join(parent, 'site'), async () => undefined);
    expect((await readdir(parent)).sort()).toEqual([`.site.new-${process.ppid}-0a1b2c3d`, 'site']);

    const data = await temp();
    const dead = deadPid();
    await mkdir(path.join(data, 'leaderboard-repos', 'alpha'), { recursive: true });
    await writeFile(path.join(data, 'leaderboard-repos', 'alpha', `leaderboard-data.json.${dead}.0a1b2c3d.tmp`), 'x');
    await writeFile(path.join(data, 'leaderboard-repos', 'alpha', 'leaderboard-data.json'), '{}');
    await removeDeadDataDirTempFiles(data);
    expect(await readdir(path.join(data, 'leaderboard-repos', 'alpha'))).toEqual(['leaderboard-data.json']);
  });
});
