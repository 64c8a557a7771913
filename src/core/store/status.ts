import { statusFileSchema, type StatusFile } from '../../shared/status-file.js';
import { readJsonFile, writeJsonAtomic } from './files.js';

/** Writes last-update.json. */
export async function writeStatus(file: string, status: StatusFile): Promise<void> {
  await writeJsonAtomic(file, status, true);
}

/** Reads last-update.json; null when missing or unreadable (the page then shows no status). */
export async function readStatus(file: string): Promise<StatusFile | null> {
  try {
    return await readJsonFile(file, statusFileSchema);
  } catch {
    return null;
  }
}
