import { HeuristicAiScorer } from './ai/heuristic.js';
import { assembleBoard } from './board/assemble.js';
import { isBot } from './bots.js';
import { errorMessage } from './errors.js';
import { metadataFor } from './metadata.js';
import type { RefreshOptions } from './refresh.js';
import { boardStamps, buildKey, EMPTY_HASH, sha1, stateSchema } from './refresh-state.js';
import { loadStoredParts, statePartsOf } from './repos/stored-parts.js';
import { dataDirPaths } from './store/data-dir.js';
import { exists } from './store/file-checks.js';
import { readJsonFile, readTextIfExists, writeJsonAtomic } from './store/files.js';
import { readManualFile } from './store/manual-file.js';
import { readStatus, writeStatus } from './store/status.js';
import type { ScoredCommit } from './types.js';

/** What rebuilding from the cache did. */
export interface RebuildResult {
  /** False when there was no earlier refresh to rebuild from: the data file is left alone. */
  rebuilt: boolean;
  dataFile: string;
  /** After a rebuild: whether a commit is on the leaderboards (analysed in the window, not a bot's). */
  shows?: (hash: string) => boolean;
  /** After a manual change was saved: why the rebuild failed (see rebuildAfterSave). */
  error?: string;
}

/**
 * Rebuilds the data file from the score cache and the manual contributions, without reading git:
 * used after a manual contribution changes. Needs an earlier refresh; without one it does nothing.
 */
export async function rebuildFromCache(opts: Pick<RefreshOptions, 'repo' | 'dataDir' | 'config' | 'ai' | 'now'>): Promise<RebuildResult> {
  const paths = dataDirPaths(opts.dataDir);
  const state = await readJsonFile(paths.state, stateSchema).catch(() => null);
  if (!state || !(await exists(paths.data))) return { rebuilt: false, dataFile: paths.data };
  const stored = await loadStoredParts(paths.dir, statePartsOf(state, opts.repo), state.activity);
  if (!stored.ok) return { rebuilt: false, dataFile: paths.data };
  const analysed = new Map<string, ScoredCommit>();
  for (const p of stored.parts) for (const c of p.commits) analysed.set(c.hash, c);
  const now = opts.now ?? new Date();
  const aiId = state.aiId ?? (opts.ai ?? new HeuristicAiScorer()).id;
  const manualText = (await readTextIfExists(paths.manual)) ?? '';
  const overridesText = (await readTextIfExists(paths.overrides)) ?? '';
  // As the last refresh listed them (a --commits-per-entry flag is not in the config).
  const config = { ...opts.config, commitsPerEntry: state.commitsPerEntry ?? opts.config.commitsPerEntry };
  await assembleBoard(stored.parts, {
    paths,
    manual: await readManualFile(paths.manual),
    overridesText,
    config,
    now,
    analysisPeriodDays: state.analysisPeriodDays,
    // Activity comes from each part's stored file (loadStoredParts): nothing is read from GitHub.
    ...(state.activity ? { activityStatus: state.activity } : {}),
    metadata: metadataFor({ repo: state.repo ?? opts.repo, config }, { head: state.head, aiId, windowStart: state.windowStart ? new Date(state.windowStart) : null, history: state.history ?? null }, stored.parts.map((p) => p.name)),
  });
  // The board now follows this config: its key goes with it, or a refresh back on the old config
  // would keep this board as up to date. Under the version that made the state: the caches are
  // that code's (the next refresh of this code reads git again), and a data directory copied
  // without its repository is checked against its own key (cli/context.ts).
  await writeJsonAtomic(paths.state, { ...state, buildKey: buildKey(config, state.version), manualHash: sha1(manualText), overridesHash: sha1(overridesText), ...(await boardStamps(paths)) });
  // Open pages follow the status file: the refresh's own time stays, the rebuilt board's is added.
  const status = await readStatus(paths.status);
  if (status) await writeStatus(paths.status, { ...status, rebuiltAt: now.toISOString() });
  const shows = (hash: string) => {
    const c = analysed.get(hash);
    return c !== undefined && !isBot(c.author, c.email, opts.config.bots);
  };
  return { rebuilt: true, dataFile: paths.data, shows };
}

/**
 * Whether the board is behind what was saved beside it: manual contributions or AI overrides
 * whose rebuild did not happen (the process killed between the save and the rebuild, a full
 * disk), or a refresh killed part-way. The next refresh rebuilds it; `serve` runs one at start.
 */
export async function rebuildOwed(dataDir: string): Promise<boolean> {
  const paths = dataDirPaths(dataDir);
  const state = await readJsonFile(paths.state, stateSchema).catch(() => null);
  if (!state) return false;
  const manual = sha1((await readTextIfExists(paths.manual)) ?? '');
  const overrides = sha1((await readTextIfExists(paths.overrides)) ?? '');
  return state.rebuilding === true || state.manualHash !== manual || (state.overridesHash ?? EMPTY_HASH) !== overrides;
}

/**
 * Rebuilds the leaderboards after a change of manual contributions or AI overrides is saved. A
 * failure there (a full disk) does not undo the save, so it is reported as such rather than
 * thrown: an error made the user try again, and a contribution added twice counted twice. The
 * next refresh rebuilds the board, since the state still records the files it was built from.
 */
export async function rebuildAfterSave(opts: Pick<RefreshOptions, 'repo' | 'dataDir' | 'config'>): Promise<RebuildResult> {
  try {
    return await rebuildFromCache(opts);
  } catch (err) {
    return { rebuilt: false, dataFile: dataDirPaths(opts.dataDir).data, error: errorMessage(err) };
  }
}
