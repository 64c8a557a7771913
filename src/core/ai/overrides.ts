import { existsSync } from 'node:fs';
import path from 'node:path';
import { aiOverrideInputSchema, type AiOverride } from '../../shared/ai-overrides.js';
import type { LeaderboardConfig } from '../config.js';
import { LeaderboardError } from '../errors.js';
import { resolveRepo } from '../git/repo.js';
import { runGit } from '../git/run-git.js';
import { mirrorDir } from '../repos/open.js';
import { configuredSources, type RepoSource } from '../repos/sources.js';
import { rebuildAfterSave, type RebuildResult } from '../rebuild.js';
import { dataDirPaths, ensureDataDir } from '../store/data-dir.js';
import { withDataDirLock } from '../store/lock.js';
import { readOverrides, writeOverrides } from './override-file.js';

export interface OverrideContext {
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
  /** The board's repositories (see core/repos); absent or null: the config's, else `repo` alone. */
  sources?: RepoSource[] | null;
}

const HEX = /^[0-9a-f]{4,64}$/i;

/**
 * Full hash of `rev` in the repository: a hash of at least 4 digits, or any name git knows
 * (`HEAD`, `v1.2~3`, a branch); a clear error when it names no commit.
 */
export async function resolveCommit(repo: string, rev: string): Promise<string> {
  const trimmed = rev.trim();
  // A leading dash would be read as an option; hashes and ref names never hold whitespace.
  if (!trimmed || trimmed.startsWith('-') || /[\s\0]/.test(trimmed) || trimmed.length > 256) {
    throw new LeaderboardError('INVALID_INPUT', `"${rev.slice(0, 80)}" is not a commit.`, 'Give the commit as a hash of at least 4 hex digits, as shown on the page (or a name git knows, like HEAD).');
  }
  const name = HEX.test(trimmed) ? trimmed.toLowerCase() : trimmed;
  const result = await runGit(repo, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`], { okCodes: [0, 1, 128] });
  const full = result.stdout.trim();
  if (result.code === 0 && /^[0-9a-f]{40,64}$/.test(full)) return full;
  // Both are the user's to fix (exit 2), not "no such commit": git needs 4 digits to read a
  // prefix as a hash at all, and names no commit when several start with the digits given.
  if (/^[0-9a-f]{1,3}$/i.test(trimmed)) {
    throw new LeaderboardError('INVALID_INPUT', `"${trimmed}" is too short for a commit hash: give at least 4 hex digits.`, 'Copy the hash from the page or from `git log --oneline`, or name the commit as git does, like HEAD or v1.2~3.');
  }
  if (HEX.test(trimmed)) {
    const loud = await runGit(repo, ['rev-parse', '--verify', `${name}^{commit}`], { okCodes: [0, 1, 128] });
    if (/is ambiguous/.test(loud.stderr)) {
      throw new LeaderboardError('INVALID_INPUT', `The hash ${trimmed} is ambiguous: more than one commit in ${repo} starts with it.`, 'Give more digits of the hash (`git log --oneline` shows enough to tell the commits apart).');
    }
  }
  throw new LeaderboardError('NOT_FOUND', `No commit ${trimmed} in ${repo}.`, 'Check the hash on the page, or name the commit as git does, like HEAD or v1.2~3.');
}

/**
 * Where the board's commits can be looked up: each repository's work tree, or its mirror in the
 * data directory (one not cloned yet has none); `repo` alone for a board of one.
 */
async function boardRepositories(ctx: OverrideContext): Promise<{ name: string; dir: string }[]> {
  const sources = ctx.sources ?? configuredSources(ctx.config, ctx.repo);
  if (!sources) return [{ name: path.basename(ctx.repo), dir: ctx.repo }];
  const found: { name: string; dir: string }[] = [];
  for (const source of sources) {
    if ('path' in source) {
      const dir = await resolveRepo(source.path).catch(() => null);
      if (dir) found.push({ name: source.name, dir });
    } else if (existsSync(mirrorDir(ctx.dataDir, source.name))) {
      found.push({ name: source.name, dir: mirrorDir(ctx.dataDir, source.name) });
    }
  }
  return found;
}

/**
 * The overridden commits none of the board's repositories has in its history (from HEAD, or a
 * mirror's default branch): amended, rebased or force-pushed away, their overrides apply to
 * nothing, silently. Empty when no repository can be asked (a data directory without it).
 */
export async function overridesGone(ctx: OverrideContext, overrides: readonly AiOverride[]): Promise<Set<string>> {
  const repos: string[] = [];
  for (const { dir } of await boardRepositories(ctx)) {
    const head = await runGit(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { okCodes: [0, 1, 128] }).catch(() => null);
    if (head?.code === 0) repos.push(dir);
  }
  const gone = new Set<string>();
  if (repos.length === 0) return gone;
  for (const o of overrides) {
    let found = false;
    for (const dir of repos) {
      // 0: an ancestor of HEAD; 1: not one; 128: no such object (gone, or never in this repository).
      if ((await runGit(dir, ['merge-base', '--is-ancestor', o.hash, 'HEAD'], { okCodes: [0, 1, 128] })).code === 0) {
        found = true;
        break;
      }
    }
    if (!found) gone.add(o.hash);
  }
  return gone;
}

/**
 * The commit `rev` names in one of the board's repositories, and that repository: on a board of
 * several, a commit of any of them can be overridden (only the board's first was searched).
 */
async function resolveBoardCommit(ctx: OverrideContext, rev: string): Promise<{ hash: string; dir: string }> {
  // A name (HEAD, a branch, v1.2~3) is the board's own repository's, as before: every repository has a HEAD.
  const repos = HEX.test(rev.trim()) ? await boardRepositories(ctx) : [];
  if (repos.length <= 1) {
    const dir = repos[0]?.dir ?? ctx.repo;
    return { hash: await resolveCommit(dir, rev), dir };
  }
  const hits = new Map<string, string>();
  let refused: unknown = null;
  for (const { dir } of repos) {
    try {
      const hash = await resolveCommit(dir, rev);
      if (!hits.has(hash)) hits.set(hash, dir);
    } catch (err) {
      // Not a commit at all: the same answer from every repository.
      if (err instanceof LeaderboardError && err.code === 'INVALID_INPUT') throw err;
      refused = err;
    }
  }
  if (hits.size > 1) throw new LeaderboardError('INVALID_INPUT', `${rev.trim()} names a commit in more than one of the board's repositories.`, 'Give more digits of the hash.');
  const [hit] = hits;
  if (hit) return { hash: hit[0], dir: hit[1] };
  if (refused instanceof LeaderboardError && refused.code !== 'NOT_FOUND') throw refused;
  throw new LeaderboardError('NOT_FOUND', `No commit ${rev.trim()} in the board's repositories (${repos.map((r) => r.name).join(', ')}).`, 'Check the hash on the page.');
}

/** What saving or removing an override did to the leaderboards. */
export type OverrideEffect =
  /** The data file was rebuilt and shows the change. */
  | 'applied'
  /** The commit is not on the leaderboards (outside the window, or a bot's): kept for when it is. */
  | 'not-shown'
  /** No refresh has run yet: the first one applies it. */
  | 'next-refresh'
  /** Saved, but the leaderboards could not be rebuilt (why): the next refresh rebuilds them. */
  | { notRebuilt: string };

/** Says what {@link OverrideEffect} means for the user, after "Saved." or "Removed.". */
export function describeEffect(effect: OverrideEffect): string {
  if (typeof effect === 'object') return `it is saved, but the leaderboards could not be rebuilt (${effect.notRebuilt}); the next refresh rebuilds them`;
  if (effect === 'applied') return 'the leaderboards are updated';
  if (effect === 'not-shown') return 'the commit is not on the leaderboards (outside the analysis window, or a bot\'s), so nothing shown changes until it is';
  return 'it applies from the next refresh';
}

/**
 * Sets the AI score of one commit to `score` (0-25) with a note saying why, replacing an earlier
 * override of it, then rebuilds the data file from the cache (no git history read).
 */
export async function setAiOverride(ctx: OverrideContext, input: { commit: string; score: unknown; note: unknown; by: string }, now = new Date()): Promise<{ override: AiOverride; effect: OverrideEffect }> {
  const parsed = aiOverrideInputSchema.safeParse({ score: input.score, note: input.note });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LeaderboardError('INVALID_INPUT', `${issue?.path.join('.') || 'override'}: ${issue?.message ?? 'invalid'}`);
  }
  const { hash, dir } = await resolveBoardCommit(ctx, input.commit);
  // A merge is never scored (its changes are its parents'): its override would wait for good.
  const parents = (await runGit(dir, ['rev-list', '--parents', '-n', '1', hash], { okCodes: [0] })).stdout.trim().split(/\s+/).length - 1;
  if (parents > 1) {
    throw new LeaderboardError('INVALID_INPUT', `${hash.slice(0, 12)} is a merge commit: merges are not scored (their changes count in the commits merged), so its AI score cannot be overridden.`, 'Override the commits it merged instead.');
  }
  const paths = dataDirPaths(ctx.dataDir);
  await ensureDataDir(paths);
  const override: AiOverride = { hash, score: parsed.data.score, note: parsed.data.note, by: input.by, at: now.toISOString() };
  const effect = await withDataDirLock(paths, async () => {
    const current = await readOverrides(paths.overrides);
    await writeOverrides(paths.overrides, [...current.filter((o) => o.hash !== hash), override]);
    return effectOf(await rebuildAfterSave(ctx), hash);
  });
  return { override, effect };
}

function effectOf(result: RebuildResult, hash: string): OverrideEffect {
  if (result.error) return { notRebuilt: result.error };
  if (!result.rebuilt) return 'next-refresh';
  return result.shows?.(hash) === false ? 'not-shown' : 'applied';
}

/** Removes the override of one commit (its model or local score applies again); null when there was none. */
export async function removeAiOverride(ctx: OverrideContext, commit: string): Promise<{ hash: string; effect: OverrideEffect } | null> {
  const paths = dataDirPaths(ctx.dataDir);
  const current = await readOverrides(paths.overrides);
  // A hash is matched against the overrides themselves, so an override of a commit that has since
  // left the repository (a force-push) can still be removed; a name (HEAD) is asked of git.
  const trimmed = HEX.test(commit.trim()) ? commit.trim().toLowerCase() : (await resolveBoardCommit(ctx, commit)).hash;
  const matches = current.filter((o) => o.hash.startsWith(trimmed));
  if (matches.length > 1) throw new LeaderboardError('INVALID_INPUT', `${commit} matches ${matches.length} overridden commits.`, 'Give more digits of the hash.');
  const target = matches[0];
  if (!target) return null;
  const effect = await withDataDirLock(paths, async () => {
    const fresh = await readOverrides(paths.overrides);
    await writeOverrides(paths.overrides, fresh.filter((o) => o.hash !== target.hash));
    return effectOf(await rebuildAfterSave(ctx), target.hash);
  });
  return { hash: target.hash, effect };
}
