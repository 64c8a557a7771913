import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assembleBoard, type BoardPart } from '../board/assemble.js';
import { recordsStatus, type ActivityStatus } from '../activity.js';
import { combineActivityStatus, namingRepository } from './activity-status.js';
import { PART_ACTIVITY_FILE, writePartActivity } from '../github/activity/part-activity.js';
import type { LeaderboardConfig } from '../config.js';
import { LeaderboardError } from '../errors.js';
import type { HistorySpan } from '../git/history.js';
import { originUrl, resolveRepo, slugFromUrl } from '../git/repo.js';
import { runGit } from '../git/run-git.js';
import { metadataFor } from '../metadata.js';
import { analysisDays } from '../board-window.js';
import { boardStamps, buildKey } from '../refresh-state.js';
import { removeOthers, widen } from '../refresh.js';
import { boardFingerprint, markRebuilding, stateSchema, type RefreshState, type StatePart } from '../refresh-state.js';
import { configuredSources, withoutCredentials } from '../repos/sources.js';
import { loadStoredParts, removeLoneRepoFiles, statePartsOf } from '../repos/stored-parts.js';
import { saveScoreCache } from '../store/cache.js';
import { dataDirPaths, ensureDataDir } from '../store/data-dir.js';
import { readJsonFile, readTextIfExists, removeDeadDataDirTempFiles, writeJsonAtomic } from '../store/files.js';
import { withDataDirLock } from '../store/lock.js';
import { readManualFile } from '../store/manual-file.js';
import { writeStatus } from '../store/status.js';
import { PACKAGE_NAME, TOOL_BUILD } from '../version.js';
import { firstDifference } from './difference.js';

/** What {@link mergeParts} needs. */
export interface MergeOptions {
  /** Data directories written by `refresh` (one or several repositories each). */
  partDirs: string[];
  /** The board's data directory: its manual contributions and AI overrides apply. */
  dataDir: string;
  /** The board's repository (its config is `config`). */
  repo: string;
  config: LeaderboardConfig;
  now?: Date;
}

/** What a merge wrote. */
export interface MergeResult {
  dataFile: string;
  repositories: { name: string; commits: number }[];
  contributors: number;
  /** The parts' GitHub activity, combined (see combineActivityStatus); absent when none was read. */
  activity?: ActivityStatus;
  /** A sync failed, and reviews or issue reports read before are on the board (a failed sync's warning says they are kept). */
  activityKept?: boolean;
}

interface ReadPart {
  dir: string;
  state: RefreshState;
  recorded: StatePart[];
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/**
 * Combines the score caches of partial data directories (`refresh --repo X --data-dir part-X`
 * in each job of a CI matrix) into one board, with the board's manual contributions and AI
 * overrides: the same bytes, apart from `last_updated`, as one refresh of all the repositories.
 * Every part is read and checked before anything is written: a missing or corrupt part, parts
 * scored with other settings, another tool version or another window, or two parts holding the
 * same repository are refused, naming the part and the difference.
 */
export async function mergeParts(o: MergeOptions): Promise<MergeResult> {
  if (o.partDirs.length === 0) throw new LeaderboardError('INVALID_INPUT', 'Nothing to merge: give the parts\' data directories.', 'leaderboard merge part-a part-b --data-dir board');
  // The board written over a part turned that part into a board, and the next merge refused it.
  const into = path.resolve(o.dataDir);
  const own = o.partDirs.find((dir) => path.resolve(dir) === into);
  if (own !== undefined) throw new LeaderboardError('INVALID_INPUT', `The board's data directory ${into} is also one of the parts.`, 'Pass --data-dir with another directory than the parts, e.g. --data-dir board.');
  // Read twice, it was "Two parts hold the repository": the same folder named as two.
  const twice = o.partDirs.find((dir, i) => o.partDirs.slice(0, i).some((d) => path.resolve(d) === path.resolve(dir)));
  if (twice !== undefined) throw new LeaderboardError('INVALID_INPUT', `The part ${path.resolve(twice)} is given twice.`, 'Give each part once.');
  const read: ReadPart[] = [];
  for (const dir of o.partDirs) read.push(await readPart(path.resolve(dir), o.repo));
  checkAlike(read, o.config);
  const seen = new Map<string, string>();
  const urls = new Map<string, string | null>();
  const heads = new Map<string, string | null>();
  const parts: BoardPart[] = [];
  const fingerprints = new Map<string, string>();
  // Each part's activity status, and the GitHub repository a part of one repository read.
  const statuses: { status: ActivityStatus | undefined; repository: string | null }[] = [];
  for (const p of read) {
    for (const r of p.recorded) {
      const other = seen.get(r.name);
      if (other) throw new LeaderboardError('INVALID_INPUT', `Two parts hold the repository "${r.name}": ${other} and ${p.dir}.`, 'Give each part once; name repositories apart with "name" in leaderboard.config.json.');
      seen.set(r.name, p.dir);
      urls.set(r.name, r.url);
      heads.set(r.name, r.head);
      fingerprints.set(r.name, r.fingerprint);
    }
    const stored = await loadStoredParts(p.dir, p.recorded, p.state.activity);
    if (!stored.ok) throw new LeaderboardError('INVALID_DATA_FILE', `Part ${p.dir}: the score cache ${stored.file} cannot be used: ${stored.why}.`, 'Run `leaderboard refresh` for that part again.');
    parts.push(...stored.parts);
    const only = stored.parts.length === 1 ? stored.parts[0] : undefined;
    statuses.push({ status: p.state.activity, repository: only ? (only.activity?.repository ?? (only.url ? slugFromUrl(only.url) : null) ?? only.name) : null });
  }

  checkListed(seen, urls, o);
  await checkLocalSources(seen, urls, heads, o);

  const paths = dataDirPaths(o.dataDir);
  await ensureDataDir(paths);
  return withDataDirLock(paths, async () => {
    await removeDeadDataDirTempFiles(paths.dir);
    // Caches and repository boards are written from here on, the board last: a merge killed in
    // between must not leave the old state calling the old board up to date (see refresh).
    await markRebuilding(paths.state, await readJsonFile(paths.state, stateSchema).catch(() => null));
    const first = (read[0] as ReadPart).state;
    const several = parts.length > 1;
    // Counted now: assembling the board empties a lone part's list of commits.
    const repositories = parts.map((p) => ({ name: p.name, commits: p.commits.length })).sort((a, b) => (a.name < b.name ? -1 : 1));
    const recorded: StatePart[] = [];
    let history: HistorySpan | null = null;
    // The board keeps its own copy of each cache, as one refresh of all the repositories would:
    // later rebuilds (an admin's save) and refreshes of the board start from them.
    if (several) await removeLoneRepoFiles(paths.dir);
    // As a refresh does: the caches and mirrors of repositories no longer on the board (a board
    // merged over another one's data directory kept them, and later refreshes of it too).
    const names = new Set(parts.map((p) => p.name));
    await removeOthers(paths.parts, several ? names : new Set());
    await removeOthers(paths.mirrors, new Set([...names].map((n) => `${n}.git`)));
    for (const part of parts) {
      const dir = several ? path.join('parts', part.name) : '.';
      await mkdir(path.join(paths.dir, dir), { recursive: true });
      const fingerprint = fingerprints.get(part.name) as string;
      await saveScoreCache(path.join(paths.dir, dir, 'score-cache.json'), fingerprint, part.commits);
      // Its GitHub activity travels with it, so the merged board (and its rebuilds) count its reviews;
      // a part with none leaves none: what an earlier merge stored came back in the next rebuild.
      const activityFile = path.join(paths.dir, dir, PART_ACTIVITY_FILE);
      if (part.activity) await writePartActivity(activityFile, part.activity);
      else await rm(activityFile, { force: true });
      recorded.push({ name: part.name, dir, url: part.url, head: part.head, fingerprint, history: part.history });
      history = widen(history, part.history);
    }
    const head = several ? null : (parts[0]?.head ?? null);
    const now = o.now ?? new Date();
    // Counted as one refresh of them all counts it (needs the commits, before the caches keep them).
    const analysisPeriodDays = analysisDays(first.windowStart ? new Date(first.windowStart) : null, parts, now);
    const windowStart = first.windowStart ? new Date(first.windowStart) : null;
    const aiId = first.aiId ?? 'heuristic';
    const manualText = (await readTextIfExists(paths.manual)) ?? '';
    const overridesText = (await readTextIfExists(paths.overrides)) ?? '';
    // A part of one repository said its failure without naming it: on the board, which one failed.
    const activityStatus = combineActivityStatus(statuses.map((s) => (several && s.repository ? namingRepository(s.status, s.repository) : s.status)));
    const activityKept = activityStatus?.state === 'failed' && (activityStatus.syncedAt !== null || parts.some((p) => p.activity && p.activity.reviews.length + p.activity.issues.length > 0));
    const data = await assembleBoard(parts, {
      paths,
      manual: await readManualFile(paths.manual),
      overridesText,
      config: o.config,
      now,
      analysisPeriodDays,
      ...(activityStatus ? { activityStatus } : {}),
      metadata: metadataFor({ repo: o.repo, config: o.config }, { head, aiId, windowStart, history }, [...names]),
    });
    const state: RefreshState = {
      version: TOOL_BUILD,
      commitsPerEntry: o.config.commitsPerEntry,
      head,
      fingerprint: several ? boardFingerprint(recorded) : (recorded[0]?.fingerprint ?? ''),
      windowStart: first.windowStart,
      analysisPeriodDays,
      buildKey: buildKey(o.config),
      manualHash: sha1(manualText),
      overridesHash: sha1(overridesText),
      aiId,
      aiPartial: read.some((p) => p.state.aiPartial),
      repo: o.repo,
      history,
      parts: recorded,
      ...(first.scoring ? { scoring: first.scoring } : {}),
      ...(activityStatus ? { activity: activityStatus } : {}),
      ...(await boardStamps(paths)),
    };
    await writeJsonAtomic(paths.state, state);
    // As a refresh's: a part whose review sync failed is said in last-update.json (and on the page).
    await writeStatus(paths.status, { success: true, timestamp: new Date().toISOString(), latestCommit: head, ...(recordsStatus(activityStatus) ? { activity: activityStatus } : {}) });
    return {
      dataFile: paths.data,
      repositories,
      contributors: Number(data.metadata.totalContributors ?? 0),
      ...(activityStatus ? { activity: activityStatus } : {}),
      ...(activityKept ? { activityKept } : {}),
    };
  });
}

async function readPart(dir: string, repo: string): Promise<ReadPart> {
  const kind = await stat(dir).then((s) => (s.isDirectory() ? 'folder' : 'file'), () => null);
  if (kind !== 'folder') throw new LeaderboardError('INVALID_INPUT', kind === 'file' ? `Part ${dir} is a file, not a data directory.` : `Part ${dir} does not exist.`, 'Give the data directories that `leaderboard refresh --data-dir` wrote (in CI, download every part first).');
  const file = path.join(dir, 'refresh-state.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new LeaderboardError('INVALID_INPUT', `Part ${dir} has no refresh-state.json: it is not a data directory written by \`leaderboard refresh\`.`, 'Run `leaderboard refresh --repo X --data-dir <part>` to make a part.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LeaderboardError('INVALID_DATA_FILE', `Part ${dir}: ${file} is not valid JSON (${(err as Error).message}).`, 'Run `leaderboard refresh` for that part again.');
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) throw new LeaderboardError('INVALID_DATA_FILE', `Part ${dir}: ${file} is not a refresh state (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''}).`, 'Run `leaderboard refresh` for that part again.');
  const state = parsed.data;
  if (state.version !== TOOL_BUILD) {
    throw new LeaderboardError('INVALID_INPUT', `Part ${dir} was made by ${PACKAGE_NAME} ${state.version}; this is ${PACKAGE_NAME} ${TOOL_BUILD}.`, `Make every part and the merge with the same version of ${PACKAGE_NAME} (run \`leaderboard refresh\` for that part with this one).`);
  }
  if (!state.scoring) throw new LeaderboardError('INVALID_INPUT', `Part ${dir} was made by an older leaderboard that does not record its scoring settings.`, 'Run `leaderboard refresh` for that part again.');
  return { dir, state, recorded: statePartsOf(state, repo) };
}

/** Parts must be scored alike, over one window, and as the board's config says. */
/**
 * With a `repositories` list (an include list: only these count), the parts hold exactly its
 * repositories, as one refresh of that config would: a part of another repository was merged in,
 * and a missing one left the board without a word.
 */
function checkListed(held: ReadonlyMap<string, string>, urls: ReadonlyMap<string, string | null>, o: MergeOptions): void {
  const sources = configuredSources(o.config, o.repo);
  const listed = sources?.map((s) => s.name);
  if (!sources || !listed) return;
  for (const [name, dir] of held) {
    if (!listed.includes(name)) throw new LeaderboardError('INVALID_INPUT', `Part ${dir} holds the repository "${name}", which is not in the repositories of leaderboard.config.json.`, 'Merge the parts of the listed repositories only, or add it to the list.');
    // Of the same name but another repository (another board's part): its history was merged in as this one's.
    const source = sources.find((s) => s.name === name);
    const url = urls.get(name) ?? null;
    if (source && 'url' in source && url !== withoutCredentials(source.url)) {
      throw new LeaderboardError('INVALID_INPUT', `Part ${dir} holds a repository named "${name}" read from ${url ?? 'a local path'}, but leaderboard.config.json's "${name}" is ${withoutCredentials(source.url)}.`, 'Merge the parts refreshed from this board\'s leaderboard.config.json (refresh --repo NAME in its repository).');
    }
  }
  const missing = listed.filter((name) => !held.has(name));
  if (missing.length > 0) {
    throw new LeaderboardError('INVALID_INPUT', `No part holds the ${missing.length === 1 ? 'repository' : 'repositories'} ${missing.map((n) => `"${n}"`).join(', ')} of leaderboard.config.json.`, 'Give the parts of every listed repository (in CI, download every part first), or remove it from the list.');
  }
}

/**
 * A part of a repository the config gives by path holds that repository: its remote's URL, or its
 * newest commit, is the local one's. Another board's part of a repository of the same name (the
 * config's URL check above cannot tell paths apart) put a stranger's history on the board. A path
 * not there when merging (the merge job has only the board's checkout) is taken on trust.
 */
async function checkLocalSources(held: ReadonlyMap<string, string>, urls: ReadonlyMap<string, string | null>, heads: ReadonlyMap<string, string | null>, o: MergeOptions): Promise<void> {
  for (const source of configuredSources(o.config, o.repo) ?? []) {
    const dir = 'path' in source ? held.get(source.name) : undefined;
    if (dir === undefined || !('path' in source)) continue;
    const local = await resolveRepo(source.path).catch(() => null);
    if (local === null) continue;
    const url = urls.get(source.name) ?? null;
    const origin = await originUrl(local);
    if (url !== null && origin !== null && url === withoutCredentials(origin)) continue;
    const head = heads.get(source.name) ?? null;
    const known = head === null || (await runGit(local, ['cat-file', '-e', `${head}^{commit}`], { okCodes: [0, 1, 128] })).code === 0;
    if (!known) {
      throw new LeaderboardError('INVALID_INPUT', `Part ${dir} holds a repository named "${source.name}" whose newest commit ${head?.slice(0, 12) ?? ''} is not in ${local}, leaderboard.config.json's "${source.name}"${url ? ` (it was read from ${url})` : ''}.`, 'Merge the parts refreshed from this board\'s repositories (refresh --repo NAME in its repository), after fetching them.');
    }
  }
}

function checkAlike(parts: ReadPart[], config: LeaderboardConfig): void {
  const [first, ...rest] = parts as [ReadPart, ...ReadPart[]];
  // Days analysed are not compared: with --all each part counts from its own oldest commit.
  const facts = (p: ReadPart) => ({ scoring: p.state.scoring, window: { start: p.state.windowStart }, ai: p.state.aiId ?? 'heuristic' });
  for (const p of rest) {
    const diff = firstDifference(facts(first), facts(p));
    if (diff) {
      throw new LeaderboardError('INVALID_INPUT', `Part ${p.dir} differs from ${first.dir}: ${diff.path} is ${diff.b} there and ${diff.a} in ${first.dir}.`, 'Refresh every part with the same settings (the same leaderboard.config.json, AI flags and --since/--all) on the same day (UTC).');
    }
  }
  const diff = firstDifference({ exclusions: config.exclusions }, { exclusions: first.state.scoring?.exclusions });
  if (diff) {
    throw new LeaderboardError('INVALID_INPUT', `Part ${first.dir} was scored with other settings than this board's leaderboard.config.json: ${diff.path} is ${diff.b} there and ${diff.a} here.`, 'Refresh the parts with the board\'s config file, or change it to match.');
  }
}
