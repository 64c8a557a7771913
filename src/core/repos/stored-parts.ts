import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { BoardPart } from '../board/assemble.js';
import type { RefreshState, StatePart } from '../refresh-state.js';
import { ACTIVITY_CACHE_FILE, PART_ACTIVITY_FILE, readPartActivity } from '../github/activity/part-activity.js';
import { loadScoreCache } from '../store/cache.js';
import { withoutCredentials } from './sources.js';

/** The repositories a refresh state records; an older state's one repository has its cache at the top. */
export function statePartsOf(state: RefreshState, fallbackRepo: string): StatePart[] {
  // A URL as a refresh records it now: an earlier version kept its query string (a token there),
  // which a merge or rebuild wrote into the board, and a published site showed.
  return state.parts?.map((p) => (p.url === null ? p : { ...p, url: withoutCredentials(p.url) })) ?? [{ name: path.basename(state.repo ?? fallbackRepo), dir: '.', url: null, head: state.head, fingerprint: state.fingerprint, history: state.history ?? null }];
}

/** What loading the score caches of a data directory found. */
export type StoredParts =
  | { ok: true; parts: BoardPart[] }
  | { ok: false; file: string; why: string };

/**
 * Loads the score cache of each repository a data directory's state records, without reading git,
 * and each one's GitHub activity unless the state says its last refresh read none (`activity`
 * off: no token, or `github.activity: false`): the activity an earlier refresh stored stays on disk,
 * and a rebuild with it brought back reviews the board had stopped counting.
 */
export async function loadStoredParts(dataDir: string, recorded: StatePart[], activity?: RefreshState['activity']): Promise<StoredParts> {
  const parts: BoardPart[] = [];
  for (const p of recorded) {
    const file = path.join(dataDir, p.dir, 'score-cache.json');
    const loaded = await loadScoreCache(file, p.fingerprint);
    if (loaded.kind !== 'ok') {
      const why = loaded.kind === 'missing' ? 'it is missing' : loaded.kind === 'stale' ? 'it was made with other scoring settings than its refresh state says' : `it is corrupt (${loaded.reason ?? 'unreadable'})`;
      return { ok: false, file, why };
    }
    // The cache keeps the window's commits newest first, as the refresh listed them.
    // Its GitHub activity as its last refresh read it (none stored: none read).
    const stored = activity?.state === 'off' ? null : await readPartActivity(path.join(dataDir, p.dir, PART_ACTIVITY_FILE));
    parts.push({ name: p.name, url: p.url, head: p.head, history: p.history, commits: [...loaded.cache.commits.values()], ...(stored ? { activity: stored } : {}) });
  }
  return { ok: true, parts };
}

/**
 * Deletes what a board of one repository keeps at the top of the data directory (its score
 * cache, its GitHub activity): a board of several keeps each under `parts/`, and those stayed
 * beside them for good (9.5 MB of cache for 20,000 commits).
 */
export async function removeLoneRepoFiles(dataDir: string): Promise<void> {
  for (const name of ['score-cache.json', PART_ACTIVITY_FILE, ACTIVITY_CACHE_FILE]) await rm(path.join(dataDir, name), { force: true });
}
