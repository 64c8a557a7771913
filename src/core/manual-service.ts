import { existsSync } from 'node:fs';
import { link, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { emptyManualContributions, manualContributionsFileSchema, type ManualContributionsFile } from '../shared/manual-contributions.js';
import type { LeaderboardConfig } from './config.js';
import { LeaderboardError } from './errors.js';
import { addContribution, addContributor, type ContributionInput as NewContributionInput } from './manual-contributions.js';
import { rebuildFromCache, type RebuildResult } from './refresh.js';
import { dataDirPaths, ensureDataDir } from './store/data-dir.js';
import { parseJsonText, readTextIfExists, writeFileAtomic } from './store/files.js';
import { withDataDirLock } from './store/lock.js';
import { readManualFile, writeManualFile } from './store/manual-file.js';

export interface ManualChangeOptions {
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
}

/**
 * Adds one manual contribution (to a new or existing contributor), saves the file atomically
 * and rebuilds the leaderboards from the cache without reading git.
 */
export async function addManualContribution(opts: ManualChangeOptions, input: NewContributionInput, asNewContributor = false): Promise<RebuildResult> {
  const paths = dataDirPaths(opts.dataDir);
  const apply = (file: ManualContributionsFile) => (asNewContributor ? addContributor(file, input) : addContribution(file, input));
  // Checked before anything is created: a refused input leaves no trace on disk.
  apply(await readManualFile(paths.manual));
  await ensureDataDir(paths);
  // Read again under the lock: another writer may have changed the file meanwhile.
  return withDataDirLock(paths, async () => {
    await writeManualFile(paths.manual, apply(await readManualFile(paths.manual)));
    return rebuildFromCache(opts);
  });
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
  const { dir, manual: source } = dataDirPaths(dataDir);
  if (!existsSync(dir)) {
    throw new LeaderboardError('INVALID_INPUT', `There is no data directory at ${dir}.`, 'Pass --data-dir with the directory that holds manual-contributions.json (default: <repo>/.leaderboard).');
  }
  // The backup is the file as it is, read once and validated (a broken file is reported, not
  // backed up): writing the parsed value instead reordered its keys, converted the legacy shape
  // and dropped fields the schema does not know.
  const original = await readTextIfExists(source);
  const manual = original === null ? emptyManualContributions() : parseJsonText(original, source, manualContributionsFileSchema);
  const text = original ?? `${JSON.stringify(manual, null, 2)}\n`;
  const file = path.resolve(out ?? backupFileName());
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
  return { file, contributors: Object.keys(manual.contributors).length };
}

/** Writes `file` whole or not at all, failing with EEXIST when it exists. */
async function writeNewFile(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text, { flag: 'wx' });
  try {
    await link(temp, file);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
