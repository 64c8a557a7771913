import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LeaderboardError } from '../errors.js';
import { divergedError } from './diverged.js';
import { runGit } from './run-git.js';

export const REPO_HINT = 'Run inside a git repository or pass --repo PATH.';

function notARepo(where: string, why?: string): LeaderboardError {
  return new LeaderboardError('NOT_A_GIT_REPO', `${where} is not a git repository${why ? ` (${why})` : ''}`, REPO_HINT);
}

/**
 * The absolute top level of the work tree that contains `repoPath`.
 * A missing path, a file or a directory outside any work tree is a NOT_A_GIT_REPO error
 * naming the path; a missing git is GIT_NOT_FOUND.
 */
export async function resolveRepo(repoPath: string): Promise<string> {
  const abs = path.resolve(repoPath);
  let isDir: boolean;
  try {
    isDir = (await stat(abs)).isDirectory();
  } catch {
    throw notARepo(abs, 'the path does not exist');
  }
  if (!isDir) throw notARepo(abs, 'the path is not a directory');
  const res = await runGit(abs, ['rev-parse', '--show-toplevel'], { okCodes: [0, 128] });
  const top = res.stdout.trim();
  if (res.code !== 0 || top === '') {
    const said = res.stderr.trim().replace(/^fatal: /, '');
    // Two refusals are not "no repository", and each has its own fix.
    if (/dubious ownership/i.test(said)) {
      throw new LeaderboardError('NOT_A_GIT_REPO', `${abs} belongs to another user, and git refuses to read it (its safe.directory check).`, `Run \`git config --global --add safe.directory ${abs}\` if you trust it, or run as its owner.`);
    }
    if (/must be run in a work tree/i.test(said)) {
      throw new LeaderboardError('NOT_A_GIT_REPO', `${abs} is a bare repository: it has no working tree to analyse.`, `Clone it (\`git clone ${abs}\`) and pass the clone with --repo, or pass it as a URL with a data directory of its own (--repo file://${abs} --data-dir DIR): it is mirrored there.`);
    }
    // A `.git` file (a worktree's, a submodule's) whose repository moved or was removed: git names
    // the folder it points to, where the usual refusal names none.
    const gitdir = /^not a git repository: (.+)$/i.exec(said)?.[1];
    if (gitdir !== undefined) {
      throw new LeaderboardError('NOT_A_GIT_REPO', `${abs} is not a git repository: its .git file points to ${gitdir}, which is not one (the repository of this worktree or submodule moved or was removed).`,
        'For a worktree, run `git worktree repair` in its main repository (or fix the gitdir: line of its .git file); otherwise clone the repository again.');
    }
    // The usual message says nothing new; others do.
    throw notARepo(abs, /not a git repository/i.test(said) || said === '' ? undefined : `git: ${said}`);
  }
  return path.resolve(top);
}

/** The full hash of HEAD, or null when the repository has no commits yet. */
export async function headCommit(repo: string): Promise<string | null> {
  const res = await runGit(repo, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { okCodes: [0, 1] });
  const hash = res.stdout.trim();
  if (res.code === 0 && hash !== '') return hash;
  // No commit: an unborn branch (a new repository) has no commits, but a HEAD that names a hash
  // git cannot read is a broken repository (objects deleted or corrupt). Taking it for "no
  // commits" wrote an empty leaderboard over the last good one.
  const named = await runGit(repo, ['rev-parse', '--verify', '--quiet', 'HEAD'], { okCodes: [0, 1] });
  if (named.code === 0 && named.stdout.trim() !== '') {
    throw new LeaderboardError('GIT_FAILED', `HEAD of ${repo} points at ${named.stdout.trim()}, which git cannot read: the repository's objects are missing or corrupt.`, 'Check the repository with `git fsck`, or clone it again.');
  }
  // A branch with no commits beside branches with some (`git checkout --orphan`, before its first
  // commit): the repository has commits, and an empty board written over the last one said it had none.
  const other = (await runGit(repo, ['for-each-ref', '--count=1', '--format=%(refname:short)', 'refs/heads'])).stdout.trim();
  if (other !== '') {
    const branch = (await runGit(repo, ['symbolic-ref', '--quiet', '--short', 'HEAD'], { okCodes: [0, 1] })).stdout.trim();
    throw new LeaderboardError('GIT_FAILED', `The current branch${branch ? ` ${branch}` : ''} of ${repo} has no commits yet; other branches have (${other}).`,
      `Switch to a branch with commits (git switch ${other}), or commit on this one; the last leaderboard is kept until then.`);
  }
  return null;
}

/**
 * The commits at the boundary of a shallow clone (`.git/shallow`), whose parents are missing:
 * git diffs them against an empty tree, as if they added every file. Empty when not shallow.
 */
export async function shallowBoundary(repo: string): Promise<Set<string>> {
  const res = await runGit(repo, ['rev-parse', '--git-path', 'shallow']);
  const file = path.resolve(repo, res.stdout.trim());
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw err;
  }
  return new Set(text.split('\n').map((l) => l.trim()).filter((l) => l !== ''));
}

/**
 * Fast-forwards the current branch from its upstream (`git pull --ff-only`).
 * No upstream (or a detached HEAD) is a NO_UPSTREAM error saying how to set one; a diverged
 * history is GIT_FAILED saying which way (see divergedError); any other failure (network,
 * conflicts with local changes) is GIT_FAILED with git's message.
 */
export async function pullFastForward(repo: string): Promise<{ before: string | null; after: string | null }> {
  const head = await runGit(repo, ['symbolic-ref', '--quiet', '--short', 'HEAD'], { okCodes: [0, 1] });
  const branch = head.stdout.trim();
  if (head.code !== 0 || branch === '') {
    throw new LeaderboardError('NO_UPSTREAM', `Cannot pull in ${repo}: HEAD is detached, so there is no upstream branch`, 'Check out a branch that tracks a remote branch (git switch <branch>), or refresh without --pull.');
  }
  const merge = await runGit(repo, ['config', '--get', `branch.${branch}.merge`], { okCodes: [0, 1] });
  if (merge.code !== 0 || merge.stdout.trim() === '') {
    // Named after a remote there is: the usual hint named origin in a repository with none.
    const remotes = (await runGit(repo, ['remote'], { okCodes: [0] })).stdout.split('\n').map((r) => r.trim()).filter(Boolean);
    const remote = remotes.includes('origin') ? 'origin' : remotes[0];
    throw new LeaderboardError(
      'NO_UPSTREAM',
      `Cannot pull in ${repo}: the current branch '${branch}' has no upstream branch${remote ? '' : ', and the repository has no remote to pull from'}`,
      remote
        ? `Set one with: git branch --set-upstream-to=${remote}/${branch} ${branch} (or refresh without --pull).`
        : 'Add one (git remote add origin URL), fetch it and set the upstream (git branch --set-upstream-to=origin/<branch>), or refresh without --pull.',
    );
  }
  const before = await headCommit(repo);
  // What the upstream was before the pull fetched: commits here that were all in it, and that it no longer has, were rewritten upstream.
  const upstreamBefore = (await runGit(repo, ['rev-parse', '--verify', '--quiet', '@{upstream}'], { okCodes: [0, 1, 128] })).stdout.trim() || null;
  try {
    // Never prompt: a refresh may run unattended under `serve`.
    await runGit(repo, ['pull', '--ff-only', '--no-rebase', '--quiet'], { env: { GIT_TERMINAL_PROMPT: '0' } });
  } catch (err) {
    if (err instanceof LeaderboardError && err.code === 'GIT_FAILED') {
      // Said which way it diverged: after a force-push upstream, "merge or rebase it yourself"
      // brought the rewritten commits back.
      const diverged = await divergedError(repo, branch, upstreamBefore).catch(() => null);
      if (diverged) throw new LeaderboardError(diverged.code, diverged.message, diverged.hint, { cause: err });
      throw new LeaderboardError('GIT_FAILED', `Could not fast-forward '${branch}' in ${repo}: ${err.message}`, 'Fix what git says (the upstream out of reach, local changes in the way), then refresh; or refresh without --pull.', { cause: err });
    }
    throw err;
  }
  return { before, after: await headCommit(repo) };
}

const SLUG_PART = /^[\w.-]+$/;

/** `owner/name` of a remote URL (any host), or null for a local path or an unrecognised URL. */
export function slugFromUrl(url: string): string | null {
  let rest: string;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url);
  if (scheme) {
    if (scheme[1]?.toLowerCase() === 'file') return null;
    const afterHost = url.slice(scheme[0].length);
    const slash = afterHost.indexOf('/');
    if (slash < 0) return null;
    rest = afterHost.slice(slash + 1);
  } else {
    // scp-like `[user@]host:owner/name`; a local path has a slash before any colon.
    const scp = /^(?:[^@/]+@)?[^:/]{2,}:(.+)$/.exec(url);
    if (!scp?.[1]) return null;
    rest = scp[1];
  }
  const parts = rest.replace(/[?#].*$/, '').replace(/\/+$/, '').replace(/\.git$/i, '').split('/').filter(Boolean);
  const owner = parts[parts.length - 2];
  const name = parts[parts.length - 1];
  if (!owner || !name || !SLUG_PART.test(owner) || !SLUG_PART.test(name)) return null;
  return `${owner}/${name}`;
}

/** The host of a remote URL (lower case, without user or port), or null for a local path or an unrecognised URL. */
export function hostFromUrl(url: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(url);
  if (scheme) return scheme[1]?.toLowerCase() === 'file' ? null : (scheme[2] ?? '').toLowerCase() || null;
  // scp-like `[user@]host:owner/name`, as in slugFromUrl.
  return /^(?:[^@/]+@)?([^:/]{2,}):./.exec(url)?.[1]?.toLowerCase() ?? null;
}

/** The URL of the `origin` remote, or null when there is none. */
export async function originUrl(repo: string): Promise<string | null> {
  // `remote get-url` applies `url.<base>.insteadOf`; it exits 2 for a missing remote.
  const res = await runGit(repo, ['remote', 'get-url', 'origin'], { okCodes: [0, 2] });
  const url = res.stdout.trim();
  return res.code === 0 && url !== '' ? url : null;
}

/**
 * `owner/name` of the `origin` remote (https, ssh://, git://, or `git@host:owner/name(.git)`),
 * or null when there is no origin or its URL is a local path. Any host: see
 * `originOnGitHub` (core/github/target.ts) for a repository GitHub serves.
 */
export async function originSlug(repo: string): Promise<string | null> {
  const url = await originUrl(repo);
  return url ? slugFromUrl(url) : null;
}
