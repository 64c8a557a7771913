/**
 * makeDirectory: `mkdir -p` that never hangs. Node's recursive mkdir loops for ever where every
 * creation is refused with ENOENT (under /proc), and `--data-dir /proc/x/dd` hung at full CPU.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirectory } from '../../src/core/store/files.js';

const dirs: string[] = [];
afterAll(async () => { await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))); });

describe('makeDirectory', () => {
  it('makes every missing folder, and is fine with one that exists', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'lb-mkdir-'));
    dirs.push(root);
    const deep = path.join(root, 'a', 'b', 'c');
    await makeDirectory(deep);
    expect((await stat(deep)).isDirectory()).toBe(true);
    await makeDirectory(deep);
  });

  it('refuses, naming the path, where a file is in the way or the file system refuses', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'lb-mkdir-'));
    dirs.push(root);
    await writeFile(path.join(root, 'file'), 'x');
    await expect(makeDirectory(path.join(root, 'file'))).rejects.toMatchObject({ code: 'ENOTDIR', path: path.join(root, 'file') });
    await expect(makeDirectory(path.join(root, 'file', 'dd'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    // /proc takes no new folder: an error at once (Node's recursive mkdir never returned here).
    await expect(makeDirectory('/proc/leaderboard-x/dd')).rejects.toMatchObject({ code: 'ENOENT', path: '/proc/leaderboard-x' });
  });
});
