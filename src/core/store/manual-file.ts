import { emptyManualContributions, manualContributionsFileSchema, type ManualContributionsFile } from '../../shared/manual-contributions.js';
import { LeaderboardError, type ErrorCode } from '../errors.js';
import { firstDuplicateKey } from './duplicate-keys.js';
import { parseJsonText, readTextIfExists, writeJsonAtomic } from './files.js';

/**
 * Reads manual-contributions.json: the empty file when it does not exist; an error naming the
 * file and field when it is malformed (it is kept by hand, so it is never overwritten blindly).
 */
export async function readManualFile(file: string): Promise<ManualContributionsFile> {
  const text = await readTextIfExists(file);
  return text === null ? emptyManualContributions() : parseManualText(text, file);
}

/**
 * A manual-contributions text as its file: valid, and without a key given twice (JSON keeps the
 * last silently: "Ann" listed twice after a merge of two branches lost the first's contributions).
 * `restore` ends the hint of a malformed one (see parseJsonText).
 */
export function parseManualText(text: string, file: string, code: ErrorCode = 'INVALID_INPUT', restore?: string): ManualContributionsFile {
  const parsed = parseJsonText(text, file, manualContributionsFileSchema, code, restore);
  const twice = firstDuplicateKey(text);
  if (twice) {
    const where = twice.path.length > 0 ? ` in ${twice.path.join('.')}` : '';
    throw new LeaderboardError(code, `${file} lists "${twice.key}" twice${where} (lines ${twice.lines[0]} and ${twice.lines[1]}): only the last would be read, and the first lost.`,
      'Merge the two into one (their contributions in one list), then run the command again.');
  }
  return parsed;
}

/** Writes manual-contributions.json atomically, indented for people who edit it by hand. */
export async function writeManualFile(file: string, value: ManualContributionsFile): Promise<void> {
  await writeJsonAtomic(file, value, true);
}
