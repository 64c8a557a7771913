import { mkdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage, LeaderboardError, withoutUrlCredentials } from '../errors.js';
import { REPO_HINT, resolveRepo } from '../git/repo.js';
import { runGit } from '../git/run-git.js';
import { withoutCredentials, type RepoSource } from './sources.js';

/** A repository of a board, ready to read. */
export interface RepoTarget {
  name: string;
  /** Where git runs: a work tree's top level, or a bare mirror. */
  dir: string;
  /** A bare mirror: attributes and .mailmap come from its HEAD, not a work tree. */
  bare: boolean;
  /** Its remote without credentials (the configured URL, or a clone's `origin`), for commit links; null when none. */
  url: string | null;
  /** The configured URL of a mirrored repository. */
  mirrorOf?: string;
}

// Never wait for a password prompt: a refresh runs unattended (CI, serve's timer).
const NO_PROMPT = { GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'echo', SSH_ASKPASS: 'echo' };

/** The folder of a repository's bare mirror in a data directory. */
export function mirrorDir(dataDir: string, name: string): string {
  return path.join(dataDir, 'repos', `${name}.git`);
}

/**
 * Opens a repository of the board: a local clone is checked (a missing one is an error naming
 * it); a URL is cloned into the data directory as a bare mirror the first time and fetched
 * every time after (with `fetch` false, its mirror is taken as it is). A failed clone leaves
 * nothing behind; a failed fetch keeps the mirror.
 */
export async function openRepository(source: RepoSource, dataDir: string, { fetch = true }: { fetch?: boolean } = {}): Promise<RepoTarget> {
  if ('path' in source) {
    let dir: string;
    try {
      dir = await resolveRepo(source.path);
    } catch (err) {
      // A bare repository or one git refuses for its owner has its own fix; a path from --repo is fixed on the command line.
      const own = err instanceof LeaderboardError && err.hint !== REPO_HINT ? err.hint : undefined;
      const hint = own ?? (source.fromFlag ? 'Check the --repo path.' : 'Fix its path in the repositories list of leaderboard.config.json (paths are relative to that file), or remove it.');
      throw new LeaderboardError('NOT_A_GIT_REPO', `Repository "${source.name}": ${errorMessage(err)}`, hint, { cause: err });
    }
    // A folder inside a repository (a monorepo's package) counted the whole repository's history under its name.
    if (!source.fromFlag && (await realpath(source.path).catch(() => source.path)) !== dir) {
      throw new LeaderboardError('INVALID_CONFIG', `Repository "${source.name}" (${source.path}) is a folder inside the repository ${dir}: the whole repository's history would count as "${source.name}".`,
        `Give the repository's top folder (${dir}) in the repositories list of leaderboard.config.json: a board counts whole repositories.`);
    }
    return { name: source.name, dir, bare: false, url: await originUrl(dir) };
  }
  const dir = mirrorDir(dataDir, source.name);
  // Read as it is (see boardIsCurrent); none yet is an error.
  if (!fetch) {
    if (!(await exists(dir))) throw new LeaderboardError('GIT_FAILED', `Repository "${source.name}" has no mirror yet.`);
    return { name: source.name, dir, bare: true, url: withoutCredentials(source.url), mirrorOf: source.url };
  }
  try {
    if (await exists(dir)) {
      await runGit(dir, ['remote', 'set-url', 'origin', source.url]);
      await runGit(dir, ['fetch', '--prune', '--quiet', 'origin'], { env: NO_PROMPT });
    } else {
      await cloneMirror(source.url, dir);
    }
  } catch (err) {
    // Never a token in the URL: a config's URL is committed (the workflow reads it from the repository).
    const access = 'that the repository exists there and that you may read it: git must clone it without asking for a password '
      + '(for https, a credential helper, such as `gh auth setup-git`, or in CI a url.<base>.insteadOf rule fed from a secret; for ssh, a key in ssh-agent)';
    // A URL given to --repo is fixed on the command line; one of the config, there.
    const hint = source.fromFlag ? `Check the --repo URL, ${access}.` : `Check the URL, ${access}; or remove it from the repositories list of leaderboard.config.json.`;
    throw new LeaderboardError('GIT_FAILED', `Repository "${source.name}": cannot ${(await exists(dir)) ? 'fetch' : 'clone'} ${withoutCredentials(source.url)}: ${inShort(errorMessage(err))}`, hint, { cause: err });
  }
  // Attributes (linguist-generated, -vendored) are read from an index of HEAD's tree.
  if ((await mirrorHead(dir)) || (await followRemoteHead(source, dir))) await runGit(dir, ['read-tree', 'HEAD']);
  return { name: source.name, dir, bare: true, url: withoutCredentials(source.url), mirrorOf: source.url };
}

/**
 * A failure of git in one line: its first line, or git's first `fatal:` line after the command
 * when that comes later. git's five lines ("... does not appear to be a git repository", "Could not
 * read from remote repository.", a blank line, "Please make sure you have the correct access
 * rights", "and the repository exists.") broke the one-line error and repeated the hint in git's words.
 */
function inShort(message: string): string {
  const lines = message.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const first = lines[0] ?? message;
  if (lines.length <= 1 || first.includes('fatal: ')) return first;
  const fatal = lines.find((l) => l.startsWith('fatal: '));
  if (fatal === undefined) return first;
  const command = /^git .*?(?:failed \(exit \d+\)|was killed \([^)]*\)): /.exec(first)?.[0] ?? '';
  return `${command}${fatal}`;
}

const mirrorHead = async (dir: string): Promise<boolean> =>
  (await runGit(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { okCodes: [0, 1] })).code === 0;

/**
 * A mirror whose HEAD names no commit while it has branches: the remote's default branch was
 * renamed (main -> trunk), and the fetch pruned the branch the mirror's HEAD still named, which
 * read as an empty repository: its commits and people left the board without a word. HEAD follows
 * the remote's; false when the remote has no commits at all.
 */
async function followRemoteHead(source: { name: string; url: string }, dir: string): Promise<boolean> {
  const branches = (await runGit(dir, ['for-each-ref', '--count=1', '--format=%(refname)', 'refs/heads/'])).stdout.trim();
  if (branches === '') return false;
  const where = `Repository "${source.name}" (${withoutCredentials(source.url)})`;
  let remote: string;
  try {
    remote = (await runGit(dir, ['ls-remote', '--symref', 'origin', 'HEAD'], { env: NO_PROMPT })).stdout;
  } catch (err) {
    throw new LeaderboardError('GIT_FAILED', `${where}: the mirror's branch HEAD was removed, and asking the remote for its default branch failed: ${errorMessage(err)}`, 'Check the URL and your access to it, then refresh again.', { cause: err });
  }
  const ref = /^ref: (refs\/heads\/\S+)\tHEAD$/m.exec(remote)?.[1];
  if (ref === undefined) {
    throw new LeaderboardError('GIT_FAILED', `${where}: the remote names no default branch (HEAD), and the mirror's HEAD names a branch it no longer has.`, 'Set the default branch of the remote repository, or remove the repository from the repositories list.');
  }
  await runGit(dir, ['symbolic-ref', 'HEAD', ref]);
  return mirrorHead(dir);
}

async function cloneMirror(url: string, dir: string): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true });
  const tmp = `${dir}.${process.pid}.cloning`;
  await rm(tmp, { recursive: true, force: true });
  const args = ['clone', '--mirror', '--quiet', '--', url, tmp];
  try {
    await runGit(path.dirname(dir), args, { env: NO_PROMPT });
    await rename(tmp, dir);
  } catch (err) {
    // git's failure spelled out the command, with a temp folder no one asked for; the caller names the URL.
    const command = withoutUrlCredentials(`git ${args.join(' ')} `);
    if (!(err instanceof LeaderboardError) || !err.message.startsWith(command)) throw err;
    throw new LeaderboardError(err.code, `git clone ${err.message.slice(command.length).split(tmp).join(dir)}`, err.hint, { cause: err });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function originUrl(dir: string): Promise<string | null> {
  const res = await runGit(dir, ['config', '--get', 'remote.origin.url'], { okCodes: [0, 1] });
  const url = res.stdout.trim();
  return url === '' ? null : withoutCredentials(url);
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(() => true, () => false);
}
