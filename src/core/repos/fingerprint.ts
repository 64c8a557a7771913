import { createHash } from 'node:crypto';
import path from 'node:path';
import type { LeaderboardConfig } from '../config.js';
import { CREDIT_LINKS_VERSION } from '../credit/index.js';
import { LeaderboardError } from '../errors.js';
import { PATHS_MEANING } from '../exclusions.js';
import { runGit } from '../git/run-git.js';
import { SCORING_VERSION } from '../scoring.js';
import { readTextIfExists } from '../store/files.js';
import { describeSystemError, isSystemError } from '../system-error.js';
import type { RepoTarget } from './open.js';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/**
 * The settings every repository of a board is scored with, in words, so that `merge` can name
 * what differs between parts (the fingerprint below is only a hash).
 */
export function scoringSettings(config: LeaderboardConfig, aiKey: string): Record<string, unknown> {
  return { scoringVersion: SCORING_VERSION, creditLinksVersion: CREDIT_LINKS_VERSION, exclusions: config.exclusions, ai: aiKey };
}

/** A repository's scoring fingerprint (see {@link scoringFingerprint}), and what code reading `exclusions.paths` otherwise computed. */
export interface ScoringFingerprints {
  fingerprint: string;
  /**
   * With `exclusions.paths`: the fingerprints code of each earlier PATHS_MEANING computed from
   * the same inputs. A cache holding one of them is stale only for what the patterns mean now,
   * which the refresh says (its counts change with the same config). Empty without patterns.
   */
  earlierMeanings: string[];
}

/**
 * Fingerprint of everything that changes a cached commit of one repository: its score, and the
 * author identity git reports for it. `.mailmap` is in it because cached commits keep their
 * mailmapped name and email (without it, adding a .mailmap left the old identities of cached
 * commits in place); the shallow boundary is in it because boundary commits are scored without
 * their diff, so deepening the clone must rescore them. With `exclusions.paths`, what its
 * patterns mean is in it too: the same text read another way (a plain folder name, since
 * PATHS_MEANING 2) scores other counts, and the caches of code that read it otherwise were kept.
 */
export async function scoringFingerprint(target: Pick<RepoTarget, 'dir' | 'bare'>, config: LeaderboardConfig, aiKey: string, shallow: Set<string>): Promise<ScoringFingerprints> {
  const attributes = await attributeFiles(target);
  const mailmap = (await readRepoFile(target, '.mailmap')) ?? '';
  const configured = await configuredMailmaps(target);
  // Meaning 1 is the code before PATHS_MEANING, which wrote no meaning; without patterns none is
  // written, so the caches of every other board stay valid.
  const withMeaning = (meaning: number) => sha1(JSON.stringify({
    SCORING_VERSION, CREDIT_LINKS_VERSION, exclusions: meaning > 1 ? { ...config.exclusions, pathsMeaning: meaning } : config.exclusions,
    ai: aiKey, attributes, mailmap, ...(configured ? { configured } : {}), shallow: [...shallow].sort(),
  }));
  if (config.exclusions.paths.length === 0) return { fingerprint: withMeaning(1), earlierMeanings: [] };
  return { fingerprint: withMeaning(PATHS_MEANING), earlierMeanings: Array.from({ length: PATHS_MEANING - 1 }, (_, i) => withMeaning(i + 1)) };
}

/**
 * The mailmaps git's config adds (`mailmap.file`, `mailmap.blob`, in any of its files), which
 * `--use-mailmap` applies as it does .mailmap: set or changed, the cached commits' names had to
 * change too (they stayed, and one person showed as two). Null when there are none.
 */
async function configuredMailmaps(target: Pick<RepoTarget, 'dir' | 'bare'>): Promise<Record<string, string | null> | null> {
  // One git for both (a no-change refresh is mostly such processes); the last value of a key wins, as for git.
  const lines = (await runGit(target.dir, ['config', '--type=path', '--get-regexp', '^mailmap\\.(file|blob)$'], { okCodes: [0, 1] })).stdout.split('\n');
  const setting = (key: string) => lines.filter((l) => l.toLowerCase().startsWith(`${key} `)).map((l) => l.slice(key.length + 1).trim()).pop() ?? '';
  const [file, blob] = [setting('mailmap.file'), setting('mailmap.blob')];
  if (!file && !blob) return null;
  const blobText = blob ? await runGit(target.dir, ['cat-file', '-p', blob], { okCodes: [0, 128] }) : null;
  return {
    file: file ? `${file}\n${(await readTextIfExists(path.resolve(target.dir, file))) ?? ''}` : null,
    blob: blob ? `${blob}\n${blobText?.code === 0 ? blobText.stdout : ''}` : null,
  };
}

/**
 * Every attributes file git applies (which marks paths linguist-generated or -vendored): the
 * root .gitattributes, those in subfolders, and .git/info/attributes; of a mirror, HEAD's.
 */
async function attributeFiles(target: Pick<RepoTarget, 'dir' | 'bare'>): Promise<Record<string, string | null>> {
  // --cached reads only the index (fast on big trees; a mirror's is HEAD's tree); the root file is read even if untracked.
  const listed = (await runGit(target.dir, ['ls-files', '-z', '--cached', '--', ':(glob)**/.gitattributes'])).stdout.split('\0');
  const info = target.bare ? 'info/attributes' : '.git/info/attributes';
  const files = [...new Set(['.gitattributes', info, ...listed.filter(Boolean)])].sort();
  const texts = await Promise.all(files.map((f) => (f === info ? readTextIfExists(path.join(target.dir, f)) : readRepoFile(target, f))));
  return Object.fromEntries(files.map((f, i) => [f, texts[i] ?? null]));
}

/** A file of the work tree, or of a mirror's HEAD; null when there is none. */
async function readRepoFile(target: Pick<RepoTarget, 'dir' | 'bare'>, file: string): Promise<string | null> {
  if (!target.bare) return readTextIfExists(path.join(target.dir, file)).catch((err: unknown) => { throw folderInstead(err, file); });
  const res = await runGit(target.dir, ['cat-file', '-p', `HEAD:${file}`], { okCodes: [0, 128] });
  return res.code === 0 ? res.stdout : null;
}

/**
 * A folder where git reads a file (a `.mailmap` folder): the generic hint named --data-dir, which
 * has nothing to do with it. git ignores such a folder, so moving it away loses nothing.
 */
function folderInstead(err: unknown, file: string): unknown {
  if (!isSystemError(err) || err.code !== 'EISDIR') return err;
  const name = path.basename(file);
  return new LeaderboardError('IO', describeSystemError(err).message,
    `git reads ${name} as a file and ignores a folder of that name: move or remove the folder named ${name} (${err.path ?? file}), then run the command again.`, { cause: err });
}
