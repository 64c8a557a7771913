import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { LeaderboardError, withoutUrlCredentials } from '../errors.js';

/** What a finished git process produced. */
export interface GitResult {
  stdout: string;
  stderr: string;
  /** Exit code (one of `okCodes`). */
  code: number;
}

/** Options of {@link runGit}. */
export interface RunGitOptions {
  /** Written to git's stdin, which is then closed. Default: nothing. */
  input?: string;
  /** Exit codes that are not failures. Default `[0]`. */
  okCodes?: readonly number[];
  /** Extra environment variables for this call. */
  env?: Record<string, string>;
  /** Kills git when aborted. */
  signal?: AbortSignal;
  /**
   * Receives stdout as it arrives instead of collecting it (`stdout` is then `''`).
   * If it throws, git is killed and the call rejects with that error. If it returns a promise,
   * reading stops until that promise settles (git then waits on the full pipe): a consumer that
   * falls behind holds no more than it asks for.
   */
  onStdout?: (chunk: Buffer) => void | Promise<void>;
}

// Pinned so that the user's config cannot change what we parse or count.
const PINNED_CONFIG = [
  '-c', 'core.quotePath=false',
  '-c', 'color.ui=never',
  '-c', 'log.showSignature=false',
  '-c', 'log.showRoot=true',
  '-c', 'diff.relative=false',
  '-c', 'diff.algorithm=myers',
  '-c', 'i18n.logOutputEncoding=UTF-8',
  // git maps pack files into memory up to 8 GB by default, and every mapped page it touches
  // counts in its RSS: listing a 200,000-commit history took 1.3 GB. Its memory is better spent on
  // the cache of delta bases (96 MB by default): more than half of a reader's CPU is inflating
  // objects, and a base evicted is inflated again. On a 16,000-commit chunk of a 200,000-commit
  // year, 64 MB of mappings and 160 MB of bases took 5.6-6.1 s of CPU at 259 MB, against 6.5-7.0 s
  // at 255 MB with 160 MB and 96 MB (and 4.6 s at 413 MB with 160 MB and 256 MB); the whole
  // refresh took 45.1 and 47.4 s instead of 48.7 and 48.3 s (alternated, with history.ts's fewer
  // chunks). Fewer mappings cost system time (~5 s of it, where user time fell ~10 s), but the
  // oldest 11,000 commits of that history, mostly files added, took git to 317 MB with 96 MB mapped
  // (282 MB with 64): the bases of tiny objects cost more than their bytes.
  '-c', 'core.packedGitLimit=64m',
  '-c', 'core.packedGitWindowSize=32m',
  '-c', 'core.deltaBaseCacheLimit=160m',
];

// Set by git hooks and wrappers; they would point git at another repository than `cwd`.
const REPO_LOCATING_VARS = [
  'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_COMMON_DIR', 'GIT_NAMESPACE', 'GIT_PREFIX',
];

const MAX_STDERR = 64 * 1024;

function gitEnv(extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  // GIT_FLUSH=0: git otherwise writes one record per syscall into a pipe (2x slower rev-list).
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_FLUSH: '0', ...extra };
  for (const name of REPO_LOCATING_VARS) delete env[name];
  return env;
}

function spawnError(err: NodeJS.ErrnoException, cwd: string): LeaderboardError {
  if (err.code === 'ENOENT') {
    // Node reports a missing cwd as ENOENT too, so tell the two apart.
    if (!existsSync(cwd)) {
      return new LeaderboardError('NOT_A_GIT_REPO', `${cwd} does not exist`, 'Run inside a git repository or pass --repo PATH.', { cause: err });
    }
    return new LeaderboardError('GIT_NOT_FOUND', 'git was not found on PATH', 'Install git (https://git-scm.com) and make sure the `git` command is on PATH.', { cause: err });
  }
  return new LeaderboardError('GIT_FAILED', `Could not run git: ${err.message}`, undefined, { cause: err });
}

function failure(args: readonly string[], code: number | null, signal: string | null, stderr: string): LeaderboardError {
  const how = code === null ? `was killed (${signal ?? 'signal'})` : `failed (exit ${code})`;
  const detail = stderr.trim();
  const command = args.filter((a) => !a.startsWith('--format=')).join(' ');
  // A partial clone (--filter) fetches file contents from its remote as git reads them: with the
  // remote out of reach, git's five lines ended in "could not fetch ... from promisor remote".
  if (/from promisor remote/i.test(detail)) {
    const first = detail.split('\n')[0]?.replace(/^fatal: /, '') ?? '';
    return new LeaderboardError('GIT_FAILED', withoutUrlCredentials(`git ${how.replace(/^failed/, 'could not read the files it needs')}: this is a partial clone, and its remote, which has them, cannot be reached (${first}).`),
      'Make the remote reachable (the network, its URL: git remote -v) and run again, or clone the repository again without --filter.');
  }
  // A token in a repository's URL is how private repositories are cloned in CI: this message goes
  // to the log and to last-update.json, which serve and a published site show to anyone.
  return new LeaderboardError('GIT_FAILED', withoutUrlCredentials(`git ${command} ${how}${detail ? `: ${detail}` : ''}`));
}

/**
 * Runs `git <args>` in `cwd` without a shell, with the user's config pinned where it would
 * change parsed output. Rejects with GIT_NOT_FOUND when git is missing and GIT_FAILED (with
 * git's stderr in the message) on an exit code outside `okCodes`.
 */
export function runGit(cwd: string, args: readonly string[], opts: RunGitOptions = {}): Promise<GitResult> {
  const okCodes = opts.okCodes ?? [0];
  return new Promise<GitResult>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void): void => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    const child = spawn('git', [...PINNED_CONFIG, ...args], {
      cwd,
      env: gitEnv(opts.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      signal: opts.signal,
    });
    const out: Buffer[] = [];
    let stderr = '';
    let thrown: unknown;
    child.stdout.on('data', (chunk: Buffer) => {
      if (thrown !== undefined) return;
      if (!opts.onStdout) {
        out.push(chunk);
        return;
      }
      const fail = (err: unknown): void => {
        if (thrown !== undefined) return;
        thrown = err;
        child.kill();
      };
      try {
        const wait = opts.onStdout(chunk);
        if (wait) {
          child.stdout.pause();
          wait.then(() => child.stdout.resume(), (err: unknown) => {
            fail(err);
            child.stdout.resume();
          });
        }
      } catch (err) {
        fail(err);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < MAX_STDERR) stderr += text;
    });
    // git may exit before reading all of its input; its exit code tells what went wrong.
    child.stdin.on('error', () => undefined);
    child.on('error', (err: NodeJS.ErrnoException) => settle(() => reject(spawnError(err, cwd))));
    child.on('close', (code, signal) => settle(() => {
      if (thrown !== undefined) reject(thrown);
      else if (code !== null && okCodes.includes(code)) resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr, code });
      else reject(failure(args, code, signal, stderr));
    }));
    child.stdin.end(opts.input ?? '');
  });
}

/**
 * The synchronous twin of {@link runGit} for rare lookups that cannot wait (same pinned config,
 * same errors). Prefer {@link runGit}: this blocks the event loop.
 */
export function runGitSync(cwd: string, args: readonly string[], opts: Pick<RunGitOptions, 'input' | 'okCodes'> = {}): GitResult {
  const res = spawnSync('git', [...PINNED_CONFIG, ...args], {
    cwd,
    env: gitEnv(undefined),
    input: opts.input ?? '',
    encoding: 'utf8',
    windowsHide: true,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.error) throw spawnError(res.error, cwd);
  const code = res.status;
  if (code === null || !(opts.okCodes ?? [0]).includes(code)) throw failure(args, code, res.signal, res.stderr);
  return { stdout: res.stdout, stderr: res.stderr, code };
}
