import { statusFileSchema, type StatusFile } from '../../shared/status-file.js';
import { errorMessage } from '../errors.js';
import { readJsonFile, writeJsonAtomic } from './files.js';

/** Writes last-update.json. */
export async function writeStatus(file: string, status: StatusFile): Promise<void> {
  await writeJsonAtomic(file, status, true);
}

/**
 * Records a failed refresh in last-update.json (the page says 'Auto-refresh error' with it): its
 * error, and the last good refresh's commit, which the board still shows (a failed pull wrote
 * null, and a failure after git named a new HEAD wrote that commit, never analysed). Never
 * throws: the failure itself is what the caller reports.
 */
export async function recordFailure(file: string, err: unknown): Promise<void> {
  const latestCommit = (await readStatus(file))?.latestCommit ?? null;
  await writeStatus(file, { success: false, timestamp: new Date().toISOString(), latestCommit, error: errorMessage(err) }).catch(() => undefined);
}

/** Reads last-update.json; null when missing or unreadable (the page then shows no status). */
export async function readStatus(file: string): Promise<StatusFile | null> {
  try {
    return await readJsonFile(file, statusFileSchema);
  } catch {
    return null;
  }
}
