import { emptyManualContributions, manualContributionsFileSchema, type ManualContributionsFile } from '../../shared/manual-contributions.js';
import { readJsonFile, writeJsonAtomic } from './files.js';

/**
 * Reads manual-contributions.json: the empty file when it does not exist; an error naming the
 * file and field when it is malformed (it is kept by hand, so it is never overwritten blindly).
 */
export async function readManualFile(file: string): Promise<ManualContributionsFile> {
  return (await readJsonFile(file, manualContributionsFileSchema, 'INVALID_INPUT')) ?? emptyManualContributions();
}

/** Writes manual-contributions.json atomically, indented for people who edit it by hand. */
export async function writeManualFile(file: string, value: ManualContributionsFile): Promise<void> {
  await writeJsonAtomic(file, value, true);
}
