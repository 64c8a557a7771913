import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { emptyManualContributions, manualContributionsFileSchema, type ManualContributionsFile } from '../shared/manual-contributions.js';
import { LeaderboardError } from './errors.js';
import { boardNames, spelledOtherwise } from './manual-names.js';
import type { ManualChangeOptions } from './manual-service.js';
import { otherNameNote, otherNames, type OtherNamesContext } from './other-names.js';
import { rebuildAfterSave } from './rebuild.js';
import { dataDirPaths, ensureDataDir } from './store/data-dir.js';
import { parseJsonText, readTextIfExists, writeFileAtomic } from './store/files.js';
import { withDataDirLock } from './store/lock.js';
import { backupManualFile } from './store/manual-backups.js';
import { parseManualText } from './store/manual-file.js';

/** What an import changes, contributor by contributor. */
export interface ImportPlan {
  file: string;
  added: string[];
  removed: string[];
  changed: string[];
  unchanged: number;
  /** Contributors and contributions before and after. */
  before: { contributors: number; contributions: number };
  after: { contributors: number; contributions: number };
  /** The current file does not parse: it is replaced whole (its backup is kept). */
  currentInvalid?: string;
  /** The file's bytes equal the current file's: nothing to do. */
  identical: boolean;
}

/** What an import did. */
export interface ImportResult extends ImportPlan {
  dryRun: boolean;
  backup: string | null;
  rebuilt: boolean;
  /** Why the leaderboards could not be rebuilt after the import was saved. */
  rebuildError?: string;
}

const countContributions = (c: ManualContributionsFile['contributors']) =>
  Object.values(c).reduce((n, r) => n + r.contributions.length, 0);

/**
 * `leaderboard import FILE`: validates FILE as a manual-contributions file (an INVALID_INPUT
 * error naming the file and field, nothing changed), and unless `dryRun` backs up the current
 * file, writes FILE's bytes unchanged under the data-directory lock (so an export imports back
 * byte for byte) and rebuilds the leaderboards from the cache. The plan says who is added,
 * removed or changed.
 */
export async function importManualContributions(opts: ManualChangeOptions, source: string, dryRun = false): Promise<ImportResult> {
  const file = path.resolve(source);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(err as Error).message})`;
    throw new LeaderboardError('INVALID_INPUT', `${file} ${why}.`, 'Pass the path of a manual-contributions file, e.g. one written by `leaderboard export`.');
  }
  // Not the data directory's file: its backups (manual-backups/) are no way back for this one.
  const incoming = parseManualText(bytes.toString('utf8'), file, 'INVALID_INPUT', 'import another, such as one `leaderboard export` wrote');
  // A file without the field would import as nobody: every manual score gone, with exit 0.
  if (!Object.hasOwn(JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as object, 'contributors')) {
    throw new LeaderboardError('INVALID_INPUT', `${file} has no "contributors" field, so importing it would remove every manual contribution.`, 'A manual-contributions file holds {"contributors": {...}}, as `leaderboard export` writes it; to remove everyone, import {"contributors": {}}.');
  }
  if (Object.hasOwn(incoming.contributors, '__proto__')) {
    throw new LeaderboardError('INVALID_INPUT', `${file} is not valid: contributors.__proto__: Contributor name "__proto__" is reserved.`);
  }
  const paths = dataDirPaths(opts.dataDir);
  const board = await boardNames(paths.index);
  await checkNames(Object.keys(incoming.contributors), file, { repo: opts.repo, identities: opts.config.identities, board });
  const planFor = (currentText: string | null): ImportPlan => {
    let current = emptyManualContributions();
    let currentInvalid: string | undefined;
    if (currentText !== null) {
      try {
        current = parseJsonText(currentText, paths.manual, manualContributionsFileSchema);
      } catch (err) {
        currentInvalid = (err as Error).message;
      }
    }
    const before = current.contributors;
    const after = incoming.contributors;
    const same = (name: string) => JSON.stringify(before[name]) === JSON.stringify(after[name]);
    const names = Object.keys(after);
    return {
      file,
      added: names.filter((n) => !Object.hasOwn(before, n)),
      removed: Object.keys(before).filter((n) => !Object.hasOwn(after, n)),
      changed: names.filter((n) => Object.hasOwn(before, n) && !same(n)),
      unchanged: names.filter((n) => Object.hasOwn(before, n) && same(n)).length,
      before: { contributors: Object.keys(before).length, contributions: countContributions(before) },
      after: { contributors: names.length, contributions: countContributions(after) },
      ...(currentInvalid ? { currentInvalid } : {}),
      identical: currentText !== null && Buffer.from(currentText, 'utf8').equals(bytes),
    };
  };
  if (dryRun) return { ...planFor(await readTextIfExists(paths.manual)), dryRun: true, backup: null, rebuilt: false };
  await ensureDataDir(paths);
  return withDataDirLock(paths, async () => {
    const plan = planFor(await readTextIfExists(paths.manual));
    if (plan.identical) return { ...plan, dryRun: false, backup: null, rebuilt: false };
    const backup = await backupManualFile(paths);
    await writeFileAtomic(paths.manual, bytes);
    const { rebuilt, error } = await rebuildAfterSave(opts);
    return { ...plan, dryRun: false, backup, rebuilt, ...(error ? { rebuildError: error } : {}) };
  });
}

/**
 * Names on the board in another spelling (another case or accents: "alice" beside "Alice"), and
 * another name of someone (identities, the repository's mailmap), are refused, as
 * `add-contribution` refuses them: each made a second person, shown in every period.
 */
async function checkNames(names: readonly string[], file: string, ctx: OtherNamesContext): Promise<void> {
  const others = await otherNames(names, ctx);
  const misspelt = names.flatMap((name) => {
    const other = others.get(name);
    if (other !== undefined) return [`"${name}" (${otherNameNote(other)})`];
    const like = spelledOtherwise(name, ctx.board);
    return like === undefined ? [] : [`"${name}" (on the board as "${like}")`];
  });
  if (misspelt.length > 0) {
    throw new LeaderboardError('INVALID_INPUT', `${file} names ${misspelt.join(', ')}: each would be a second person beside the one on the board.`, 'Write the names as the board does, then import the file again.');
  }
}
