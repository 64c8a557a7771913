/**
 * The commands that rebuild a board from its caches (add-contribution, contributor add, import,
 * ai-override, merge), run inside repository B with --data-dir of repository A's board, rebuilt
 * it with B's leaderboard.config.json: B's identities merged A's people, B's bots dropped them.
 * A refresh there is refused; so are they now, and what a refresh takes they take too.
 */
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestRepo } from '../support/git-repo.js';
import { startServe } from '../support/cli.js';
import { bytesOf, cli, dataFiles, hasStackTrace, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

async function repoBy(names: string[]): Promise<TestRepo> {
  const repo = await newRepo();
  let d = 1;
  for (const name of names) {
    await repo.commit({ files: { [`src/${name}${d}.ts`]: `export const x = ${d};\n` }, message: `feat: ${name} ${d}`, author: { name, email: `${name.toLowerCase()}@example.com` }, date: `2025-06-0${d}T10:00:00Z` });
    d += 1;
  }
  return repo;
}

describe("a rebuild of another repository's board", () => {
  it('is refused from another checkout, with the refusal refresh gives; the board is kept', async () => {
    const alice = await repoBy(['Alice', 'Bob', 'Carol']);
    const other = await repoBy(['Dan']);
    // B's settings would merge Bob into Alice and drop Carol as a bot.
    await other.writeFile('leaderboard.config.json', JSON.stringify({ identities: { Alice: ['Bob'] }, bots: { patterns: ['carol'] } }));
    const dataDir = path.join(await tempDir('lb-a-board-'), 'board');
    expect(cli(alice.dir, ['refresh', '--all', '--quiet', '--data-dir', dataDir]).code).toBe(0);
    const files = dataFiles(dataDir);
    const saved = { data: bytesOf(files.data), state: bytesOf(files.state) };
    const backup = path.join(await tempDir('lb-backup-'), 'backup.json');
    await writeFile(backup, JSON.stringify({ Alice: [{ score: 2, notes: 'talk' }] }));
    const head = (await alice.git('rev-parse', 'HEAD')).slice(0, 8);
    const commands = [
      ['add-contribution', 'Alice', '--score', '1'],
      ['contributor', 'add', 'Erin', '--score', '1'],
      ['import', backup],
      ['ai-override', 'set', head, '--score', '20', '--note', 'big'],
      ['merge', dataDir],
    ];
    for (const args of commands) {
      const r = cli(other.dir, [...args, '--data-dir', dataDir]);
      expect(r.code, `${args.join(' ')}: ${r.stdout}${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`Error: ${dataDir} holds the board of ${alice.dir}, another repository; rebuilt from ${other.dir}, it would take that repository's leaderboard.config.json (identities, bots, credit).`);
      expect(r.stderr).toContain(`Hint: Run the command inside ${alice.dir} (or pass --repo ${alice.dir}), or pass another --data-dir for the board of ${other.dir} (by default ${path.join(other.dir, '.leaderboard')}).`);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(bytesOf(files.data)).toBe(saved.data);
      expect(bytesOf(files.state)).toBe(saved.state);
    }
    // --repo naming B is the same rebuild.
    expect(cli(alice.dir, ['add-contribution', 'Alice', '--score', '1', '--repo', other.dir, '--data-dir', dataDir]).code).toBe(2);
    expect(bytesOf(files.data)).toBe(saved.data);

    // What a refresh takes, they take: the board's own checkout, a worktree of it, outside any repository.
    const own = cli(alice.dir, ['add-contribution', 'Alice', '--score', '1', '--data-dir', dataDir]);
    expect(own.stderr).toBe('');
    expect(own.code).toBe(0);
    const worktree = `${alice.dir}-worktree`;
    await alice.git('worktree', 'add', '-q', '--detach', worktree, 'HEAD');
    try {
      const fromWorktree = cli(worktree, ['add-contribution', 'Alice', '--score', '1', '--data-dir', dataDir]);
      expect(fromWorktree.stderr).toBe('');
      expect(fromWorktree.code).toBe(0);
    } finally {
      await alice.git('worktree', 'remove', '--force', worktree);
    }
    const outside = await tempDir('lb-outside-');
    const fromOutside = cli(outside, ['add-contribution', 'Alice', '--score', '1', '--data-dir', dataDir]);
    expect(fromOutside.stderr).toBe('');
    expect(fromOutside.code).toBe(0);
    // Moved (a CI runner's new path): the checkout it records is gone, the moved one rebuilds it;
    // and from outside any repository it goes on with the default settings it was built with.
    const moved = `${alice.dir}-moved`;
    await rename(alice.dir, moved);
    try {
      const fromMoved = cli(moved, ['add-contribution', 'Alice', '--score', '1', '--data-dir', dataDir]);
      expect(fromMoved.stderr).toBe('');
      expect(fromMoved.code).toBe(0);
      const gone = cli(outside, ['contributor', 'add', 'Erin', '--score', '1', '--data-dir', dataDir]);
      expect(gone.stderr).toBe('');
      expect(gone.code).toBe(0);
    } finally {
      await rename(moved, alice.dir);
    }
  }, 120_000);

  it('is listed and served from another checkout, with what would rebuild it off', async () => {
    const alice = await repoBy(['Alice', 'Bob']);
    const other = await repoBy(['Dan']);
    await other.writeFile('leaderboard.config.json', JSON.stringify({ identities: { Alice: ['Bob'] } }));
    const dataDir = path.join(await tempDir('lb-a-board-'), 'board');
    expect(cli(alice.dir, ['refresh', '--all', '--quiet', '--data-dir', dataDir]).code).toBe(0);
    const head = (await alice.git('rev-parse', 'HEAD')).slice(0, 8);
    expect(cli(alice.dir, ['ai-override', 'set', head, '--score', '20', '--note', 'big', '--data-dir', dataDir]).code).toBe(0);
    const saved = bytesOf(dataFiles(dataDir).data);

    // Listing only reads: allowed, without judging A's commits by B's history.
    const listed = cli(other.dir, ['ai-override', 'list', '--data-dir', dataDir]);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${head}  AI 20`);
    expect(listed.stdout).not.toContain('not in the history');
    expect(listed.stdout).toContain(`Note: ${dataDir} holds the board of another repository: run the command inside it to see which of these commits are still in its history.`);

    // Served as it is, an admin save would rebuild it with B's config: admin is off, and the page says why without a path.
    const server = await startServe(['--no-refresh', '--data-dir', dataDir, '--github-repo', 'octo/board'], { cwd: other.dir, env: { GITHUB_TOKEN: '', GH_TOKEN: '' } });
    try {
      expect(server.output()).toContain(`Admin features off: ${dataDir} holds the board of ${alice.dir}, another repository; rebuilt from ${other.dir}, it would take that repository's leaderboard.config.json (identities, bots, credit). Serve it from inside that repository to make admin changes.`);
      expect(server.output()).not.toContain('Admin sign-in:');
      const session = await fetch(new URL('api/session', server.url));
      expect(session.status).toBe(503);
      const body = await session.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe('NO_GITHUB_REPO');
      expect(body.error.message).toContain('holds the board of another repository');
      expect(body.error.message).not.toContain(dataDir);
      expect((await fetch(new URL('leaderboard-data.json', server.url))).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // From its own checkout, admin is on.
    const own = await startServe(['--no-refresh', '--data-dir', dataDir, '--github-repo', 'octo/board'], { cwd: alice.dir, env: { GITHUB_TOKEN: '', GH_TOKEN: '' } });
    try {
      expect(own.output()).toContain('Admin sign-in: GitHub repository octo/board');
    } finally {
      await own.stop();
    }
    expect(bytesOf(dataFiles(dataDir).data)).toBe(saved);
  }, 120_000);
});
