import { createHash } from 'node:crypto';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { link, open, readlink, realpath, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PERIOD_TYPES, type PeriodType } from '../shared/data-file.js';
import { contributorsMapSchema, emptyManualContributions, manualContributionsFileSchema, type ManualContributionsFile } from '../shared/manual-contributions.js';
import { trimSpaces } from '../shared/fold.js';
import type { LeaderboardConfig } from './config.js';
import { LeaderboardError } from './errors.js';
import { addContribution, addContributor, overlaps, type ContributionInput as NewContributionInput } from './manual-contributions.js';
import { boardNames, boardPeople, checkManualEmail, checkManualName, spelledOtherwise } from './manual-names.js';
import { otherNameRefusal, otherNames } from './other-names.js';
import { periodBounds, type PeriodBounds } from './periods.js';
import { rebuildAfterSave, type RebuildResult } from './rebuild.js';
import { dataDirPaths, ensureDataDir } from './store/data-dir.js';
import { describeIssues, parseJsonText, readTextIfExists, writeFileAtomic } from './store/files.js';
import { withDataDirLock } from './store/lock.js';
import { backupManualFile } from './store/manual-backups.js';
import { parseManualText, readManualFile, writeManualFile } from './store/manual-file.js';

export interface ManualChangeOptions {
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
}

/** What adding a manual contribution did. */
export interface ManualAddResult extends RebuildResult {
  /**
   * Set when no period of the rebuilt leaderboards overlaps the contribution's days, so it shows
   * on none: the first and last day their periods cover (null when they have none).
   */
  outside?: { first: string; last: string } | null;
}

/**
 * Adds one manual contribution (to a new or existing contributor), saves the file atomically
 * and rebuilds the leaderboards from the cache without reading git.
 */
export async function addManualContribution(opts: ManualChangeOptions, input: NewContributionInput, asNewContributor = false): Promise<ManualAddResult> {
  const paths = dataDirPaths(opts.dataDir);
  const apply = (file: ManualContributionsFile) => (asNewContributor ? addContributor(file, input) : addContribution(file, input));
  // Checked before anything is created: a refused input leaves no trace on disk.
  const current = await readManualFile(paths.manual);
  apply(current);
  const people = await boardPeople(paths.index);
  const board = people.map(([name]) => name);
  await refuseOtherName(trimSpaces(input.name.normalize('NFC')), { repo: opts.repo, identities: opts.config.identities, board });
  checkManualName(input.name, board, Object.keys(current.contributors), asNewContributor);
  checkManualEmail(input.email ?? '', input.name, people, current.contributors, opts.config.identities);
  await ensureDataDir(paths);
  // Read again under the lock: another writer may have changed the file meanwhile.
  return withDataDirLock(paths, async () => {
    const next = apply(await readManualFile(paths.manual));
    await backupManualFile(paths);
    await writeManualFile(paths.manual, next);
    const rebuilt = await rebuildAfterSave(opts);
    if (!rebuilt.rebuilt) return rebuilt;
    const outside = await outsideEveryPeriod(paths.index, input.start?.trim() || null, input.end?.trim() || null);
    return outside === undefined ? rebuilt : { ...rebuilt, outside };
  });
}

/** Refuses `name` when it is another name of someone (identities, the repository's mailmap), naming the one to use. */
async function refuseOtherName(name: string, ctx: Parameters<typeof otherNames>[1]): Promise<void> {
  const other = (await otherNames([name], ctx)).get(name);
  if (other !== undefined) throw new LeaderboardError('INVALID_INPUT', otherNameRefusal(name, other), `Use "${other.canonical}".`);
}

/**
 * The span of the board's periods when none overlaps [start, end], else undefined. A contribution
 * dated before the history or after its last commit was saved and showed nowhere, without a word.
 */
async function outsideEveryPeriod(indexFile: string, start: string | null, end: string | null): Promise<ManualAddResult['outside']> {
  // Open on both sides, it counts in every period there is.
  if (start === null && end === null) return undefined;
  let periods: PeriodBounds[];
  try {
    const index = JSON.parse((await readTextIfExists(indexFile)) ?? 'null') as { periods?: Partial<Record<PeriodType, { label?: unknown }[]>> } | null;
    if (!index?.periods) return undefined;
    periods = PERIOD_TYPES.flatMap((type) => (index.periods?.[type] ?? []).map((p) => periodBounds(type, String(p.label))));
  } catch {
    // An index it cannot read says nothing either way.
    return undefined;
  }
  if (periods.some((p) => overlaps({ start_date: start, end_date: end }, p.start, p.end))) return undefined;
  if (periods.length === 0) return null;
  return { first: periods.map((p) => p.start).sort()[0] as string, last: periods.map((p) => p.end).sort().at(-1) as string };
}

/** Default backup name: manual-contributions-backup-YYYY-MM-DD.json (local date). */
export function backupFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `manual-contributions-backup-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/**
 * Writes a backup of the manual contributions to `out` (default: the backup name in the current
 * directory). An existing file is left alone unless `force`.
 */
export async function exportManualContributions(dataDir: string, out?: string, force = false): Promise<{ file: string; contributors: number }> {
  const { text, contributors } = await manualBackup(dataDir);
  const file = await backupTarget(path.resolve(out ?? backupFileName()));
  try {
    // Through a temp file, so a crash never leaves half a backup: renamed over the target with
    // --force, else linked to it, which fails when the name is taken.
    if (force) await writeFileAtomic(file, text);
    else await writeNewFile(file, text);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new LeaderboardError('INVALID_INPUT', `${file} already exists.`, 'Pass --out FILE to choose another name, or --force to overwrite it.');
    }
    throw new LeaderboardError('INVALID_INPUT', `Cannot write ${file}: ${(err as Error).message}`);
  }
  return { file, contributors };
}

/**
 * Where a backup asked for at `file` goes: the file itself, or the file a symbolic link names
 * (renamed over, the link itself was replaced by a file). Anything but a file (a folder, a pipe, a
 * device such as /dev/stdout) is refused: renamed over, it was replaced, as root even /dev/full.
 */
async function backupTarget(file: string): Promise<string> {
  let target = file;
  if (lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) {
    // A link to a file still to be made (backups/today.json) writes it, where the link says.
    target = await realpath(file).catch(async () => path.resolve(path.dirname(file), await readlink(file)));
  }
  const stat = statSync(target, { throwIfNoEntry: false });
  if (stat?.isDirectory()) {
    throw new LeaderboardError('INVALID_INPUT', `${file} is a folder.`, `Pass --out with a file name, e.g. --out ${path.join(file, backupFileName())}.`);
  }
  if (stat && !stat.isFile()) {
    throw new LeaderboardError('INVALID_INPUT', `${file} is not a file (a pipe, a device or a socket): a backup is written as a file.`, 'Pass --out with a file name, or --out - to print the backup.');
  }
  if (!statSync(path.dirname(target), { throwIfNoEntry: false })?.isDirectory()) {
    throw new LeaderboardError('INVALID_INPUT', `Cannot write ${file}: the folder ${path.dirname(target)} does not exist.`, 'Create the folder first, or pass --out with a path in an existing one.');
  }
  return target;
}

/** The backup's text (manual-contributions.json as it is, validated) and its contributors. */
export async function manualBackup(dataDir: string): Promise<{ text: string; contributors: number }> {
  const paths = dataDirPaths(dataDir);
  const { dir, manual: source } = paths;
  const hint = 'Pass --data-dir with the directory that holds manual-contributions.json (default: <repo>/.leaderboard).';
  if (!existsSync(dir)) throw new LeaderboardError('INVALID_INPUT', `There is no data directory at ${dir}.`, hint);
  // A mistyped path wrote an empty backup that looked like a good one.
  if (!statSync(dir).isDirectory()) throw new LeaderboardError('INVALID_INPUT', `${dir} is a file, not a data directory.`, hint);
  if (![source, paths.data, paths.state].some((f) => existsSync(f))) {
    throw new LeaderboardError('INVALID_INPUT', `${dir} is not a leaderboard data directory: it holds no manual-contributions.json, leaderboard-data.json or refresh-state.json.`, hint);
  }
  // The backup is the file as it is, read once and validated (a broken file is reported, not
  // backed up): writing the parsed value instead reordered its keys, converted the legacy shape
  // and dropped fields the schema does not know.
  const original = await readTextIfExists(source);
  const manual = original === null ? emptyManualContributions() : parseJsonText(original, source, manualContributionsFileSchema);
  const text = original ?? `${JSON.stringify(manual, null, 2)}\n`;
  return { text, contributors: Object.keys(manual.contributors).length };
}

/** Writes `file` whole or not at all (fsynced), failing with EEXIST when it exists. */
async function writeNewFile(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** The manual contributions as the admin API serves them, with the version they were read at. */
export interface ManualForApi {
  contributors: ManualContributionsFile['contributors'];
  /** Strong ETag (quoted) of the file's bytes; of the empty file when there is none yet. */
  etag: string;
}

/** Strong ETag of the manual-contributions file text ('' when the file does not exist). */
export function manualEtag(text: string | null): string {
  return `"${createHash('sha256').update(text ?? '').digest('base64url')}"`;
}

/**
 * Reads manual-contributions.json for the admin API: the contributors and the ETag of the bytes
 * read. A malformed file is an INVALID_DATA_FILE error naming the file and the field.
 */
export async function readManualForApi(dataDir: string): Promise<ManualForApi> {
  const file = dataDirPaths(dataDir).manual;
  const text = await readTextIfExists(file);
  // A name listed twice is refused: shown once in the panel, its first entry was dropped by the next save.
  const manual = text === null ? emptyManualContributions() : parseManualText(text, file, 'INVALID_DATA_FILE');
  return { contributors: manual.contributors, etag: manualEtag(text) };
}

/** Whether an `If-Match` header value names `etag` (strong comparison; `*` matches anything). */
export function ifMatchAccepts(ifMatch: string, etag: string): boolean {
  const tags = ifMatch.split(',').map((t) => t.trim()).filter(Boolean);
  return tags.some((t) => t === '*' || t === etag);
}

/** What a replace did: the new version and whether the leaderboards were rebuilt. */
export interface ReplaceResult extends RebuildResult {
  etag: string;
  contributors: number;
}

/**
 * Replaces the contributors map of manual-contributions.json (the admin panel's save): under the
 * data-directory lock, checks `ifMatch` against the current version (a stale one is a
 * STALE_VERSION error and changes nothing), validates, keeps the file's other top-level keys
 * (`_instructions`, ...), writes atomically and rebuilds the leaderboards from the cache.
 * Without `ifMatch` the save is applied whatever the current version.
 */
export async function replaceManualContributions(opts: ManualChangeOptions, contributors: unknown, ifMatch?: string): Promise<ReplaceResult> {
  // zod would drop it without a word, and the contributor would vanish.
  if (typeof contributors === 'object' && contributors !== null && Object.hasOwn(contributors, '__proto__')) {
    throw new LeaderboardError('INVALID_INPUT', 'Invalid contributors: __proto__: Contributor name "__proto__" is reserved; choose another name.');
  }
  const parsed = contributorsMapSchema.safeParse(contributors);
  if (!parsed.success) throw new LeaderboardError('INVALID_INPUT', `Invalid contributors: ${describeIssues(parsed.error)}.`);
  const paths = dataDirPaths(opts.dataDir);
  await ensureDataDir(paths);
  return withDataDirLock(paths, async () => {
    const text = await readTextIfExists(paths.manual);
    if (ifMatch !== undefined && !ifMatchAccepts(ifMatch, manualEtag(text))) {
      throw new LeaderboardError('STALE_VERSION', 'The manual contributions were changed by someone else; reload and try again.');
    }
    // The file as it is (not re-validated: a file that fails validation is being replaced),
    // so hand-added top-level keys survive in their place.
    const current = text === null ? emptyManualContributions() : topLevelObject(text, paths.manual);
    // A name added under another name of someone (identities, the repository's mailmap) would be
    // a second person (the admin panel knows the board's names, not the config's identities nor
    // the mailmap). Names already kept stay.
    const kept = typeof current.contributors === 'object' && current.contributors !== null ? current.contributors : {};
    const added = Object.keys(parsed.data).filter((name) => !Object.hasOwn(kept, name));
    const board = added.length > 0 ? await boardNames(paths.index) : [];
    const others = await otherNames(added, { repo: opts.repo, identities: opts.config.identities, board });
    for (const name of added) {
      const other = others.get(name);
      if (other !== undefined) throw new LeaderboardError('INVALID_INPUT', `${otherNameRefusal(name, other)} Use "${other.canonical}".`);
    }
    // So is one on the board, or kept, in another case or accents ("carol" beside "Carol"), as the
    // command line refuses it: the page checks it before sending, a client of the API did not.
    if (added.length > 0) {
      // The board's spelling first; names this save drops (a misspelling being fixed) are none.
      const known = [...new Set([...board, ...Object.keys(parsed.data)])];
      for (const name of added) {
        const like = spelledOtherwise(name, known.filter((n) => n !== name));
        if (like !== undefined) throw new LeaderboardError('INVALID_INPUT', `"${name}" is "${like}" in another spelling: a contribution under it would be a second person. Use "${like}".`);
      }
    }
    const next = `${JSON.stringify({ ...current, contributors: parsed.data }, null, 2)}\n`;
    await backupManualFile(paths);
    await writeFileAtomic(paths.manual, next);
    const rebuilt = await rebuildAfterSave(opts);
    return { ...rebuilt, etag: manualEtag(next), contributors: Object.keys(parsed.data).length };
  });
}

function topLevelObject(text: string, file: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LeaderboardError('INVALID_DATA_FILE', `${file} is not valid JSON (${(err as Error).message}).`, 'Fix the file by hand or restore it from a backup.');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new LeaderboardError('INVALID_DATA_FILE', `${file} is not a JSON object.`, 'Fix the file by hand or restore it from a backup.');
  }
  return json as Record<string, unknown>;
}

/**
 * The backup the admin panel downloads: manual-contributions.json as it is (validated first, so a
 * broken file is reported rather than backed up), or a new empty file when there is none.
 */
export async function readManualBackup(dataDir: string): Promise<{ text: string; etag: string }> {
  const file = dataDirPaths(dataDir).manual;
  const original = await readTextIfExists(file);
  if (original === null) return { text: `${JSON.stringify(emptyManualContributions(), null, 2)}\n`, etag: manualEtag(null) };
  parseJsonText(original, file, manualContributionsFileSchema, 'INVALID_DATA_FILE');
  return { text: original, etag: manualEtag(original) };
}
