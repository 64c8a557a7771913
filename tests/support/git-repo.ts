/**
 * Throwaway git repositories for tests, isolated from the machine's git config.
 *
 *   const repo = await createTestRepo();
 *   await repo.commit({ files: { 'a.txt': 'one\n' }, message: 'feat: a', date: '2025-01-02T03:04:05Z' });
 *   await repo.rename('a.txt', 'b.txt');
 *   await repo.commit({ message: 'refactor: rename' });
 *   const log = await repo.git('log', '--oneline');
 *   await repo.cleanup();
 *
 * Code under test runs git with `process.env`; call `Object.assign(process.env, gitIsolationVars())`
 * in a worker (or pass `{ ...process.env, ...gitIsolationVars() }` to a spawned CLI) so that
 * it cannot see the machine's config either.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile as fsWriteFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Author of a test commit. */
export interface TestAuthor {
  name: string;
  email: string;
}

/** One commit made by {@link TestRepo.commit}. */
export interface TestCommit {
  /** Files to write (string or Buffer) or delete (null), relative to the work tree. */
  files?: Record<string, string | Buffer | null>;
  /** Full message, may span lines. Default `commit <n>`. */
  message?: string;
  /** Default `Test User <test@example.com>`. */
  author?: TestAuthor;
  /** Author date (ISO 8601, with or without offset). Default 2024-01-01T00:00:00Z plus n minutes. */
  date?: string;
  /** Committer date. Default: the author date. */
  committerDate?: string;
}

/** A repository in a temp dir. */
export interface TestRepo {
  /** Absolute path of the work tree (the git dir when bare). */
  readonly dir: string;
  /** Runs git in `dir` with the isolated environment; resolves to stdout without its final newline. */
  git(...args: string[]): Promise<string>;
  /** Writes a file (creating directories) without staging it. */
  writeFile(relPath: string, content: string | Buffer): Promise<void>;
  /** Writes/deletes `files`, stages everything and commits (empty commits allowed). Resolves to the full hash. */
  commit(commit?: TestCommit): Promise<string>;
  /** `git mv from to` (creating the target directory); commit it with {@link commit}. */
  rename(from: string, to: string): Promise<void>;
  /** Deletes the temp dir. */
  cleanup(): Promise<void>;
}

/** How {@link createTestRepo} makes the repository. */
export interface TestRepoOptions {
  /** A bare repository (e.g. to act as an upstream). */
  bare?: boolean;
  /** Clone this repository (path) instead of `git init`, through a file:// URL. */
  cloneFrom?: string;
  /** With `cloneFrom`: a shallow clone of this depth. */
  depth?: number;
}

const DEFAULT_AUTHOR: TestAuthor = { name: 'Test User', email: 'test@example.com' };
let home: string | undefined;

/**
 * Environment variables that keep git away from the machine's system and global config
 * (a temp HOME with its own .gitconfig: identity, no signing, `main` as default branch).
 */
export function gitIsolationVars(): Record<string, string> {
  if (home === undefined) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lb-git-home-'));
    home = dir;
    mkdirSync(path.join(dir, '.config'));
    writeFileSync(path.join(dir, '.gitconfig'), [
      '[user]', '\tname = Test User', '\temail = test@example.com',
      '[commit]', '\tgpgsign = false', '[tag]', '\tgpgsign = false',
      '[init]', '\tdefaultBranch = main', '[protocol "file"]', '\tallow = always', '',
    ].join('\n'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: path.join(home, '.gitconfig'),
    GIT_TERMINAL_PROMPT: '0',
  };
}

function run(cwd: string, args: string[], env: Record<string, string> = {}, input?: string): Promise<string> {
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, ...gitIsolationVars(), ...env };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete fullEnv[name];
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env: fullEnv, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8').replace(/\n$/, ''));
      else reject(new Error(`git ${args.join(' ')} exited ${code}: ${err}`));
    });
    child.stdin?.end(input);
  });
}

/** Creates an empty repository (or a clone) in a new temp dir under os.tmpdir(). */
export async function createTestRepo(options: TestRepoOptions = {}): Promise<TestRepo> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'lb-repo-'));
  const dir = path.join(root, 'repo');
  if (options.cloneFrom !== undefined) {
    const depth = options.depth !== undefined ? ['--depth', String(options.depth)] : [];
    await run(root, ['clone', '-q', ...depth, ...(options.bare ? ['--bare'] : []), pathToFileURL(options.cloneFrom).href, dir]);
  } else {
    await run(root, ['init', '-q', ...(options.bare ? ['--bare'] : []), '-b', 'main', dir]);
  }
  let count = 0;
  const writeFile = async (relPath: string, content: string | Buffer): Promise<void> => {
    const file = path.join(dir, relPath);
    await mkdir(path.dirname(file), { recursive: true });
    await fsWriteFile(file, content);
  };
  return {
    dir,
    git: (...args) => run(dir, args),
    writeFile,
    async commit(commit = {}) {
      count += 1;
      for (const [relPath, content] of Object.entries(commit.files ?? {})) {
        if (content === null) await rm(path.join(dir, relPath), { force: true });
        else await writeFile(relPath, content);
      }
      await run(dir, ['add', '-A']);
      const author = commit.author ?? DEFAULT_AUTHOR;
      const date = commit.date ?? new Date(Date.UTC(2024, 0, 1, 0, count)).toISOString();
      await run(dir, ['commit', '-q', '--allow-empty', '--allow-empty-message', '--no-verify', '-F', '-'], {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_NAME: author.name,
        GIT_COMMITTER_EMAIL: author.email,
        GIT_COMMITTER_DATE: commit.committerDate ?? date,
      }, commit.message ?? `commit ${count}`);
      return run(dir, ['rev-parse', 'HEAD']);
    },
    async rename(from, to) {
      await mkdir(path.dirname(path.join(dir, to)), { recursive: true });
      await run(dir, ['mv', from, to]);
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
