import { mkdir, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { readTextIfExists, writeFileAtomic } from './files.js';
import type { DataDirPaths } from './data-dir.js';

/** How many versions of manual-contributions.json are kept in `manual-backups/`. */
export const MANUAL_BACKUPS_KEPT = 10;

/** The folder of the backups, next to manual-contributions.json (ignored by the data dir's .gitignore). */
export function manualBackupsDir(paths: DataDirPaths): string {
  return path.join(paths.dir, 'manual-backups');
}

const BACKUP_RE = /^manual-contributions-(\d{8}T\d{9}Z)(?:-(\d+))?\.json$/;

/** `YYYYMMDDTHHMMSSmmmZ` (UTC), sortable as text. */
function stamp(now: Date): string {
  return now.toISOString().replace(/[-:.]/g, '');
}

/**
 * Copies the current manual-contributions.json, byte for byte, to
 * `manual-backups/manual-contributions-YYYYMMDDTHHMMSSmmmZ.json` before it is changed, then
 * keeps only the newest {@link MANUAL_BACKUPS_KEPT}. Nothing to back up when the file does not
 * exist yet. Call it holding the data-directory lock. Returns the backup written, if any.
 */
export async function backupManualFile(paths: DataDirPaths, now = new Date()): Promise<string | null> {
  const text = await readTextIfExists(paths.manual);
  if (text === null) return null;
  const dir = manualBackupsDir(paths);
  await mkdir(dir, { recursive: true });
  const existing = await listManualBackups(paths);
  const base = `manual-contributions-${stamp(now)}`;
  // Two saves in one millisecond get -1, -2... so neither backup overwrites the other.
  let name = `${base}.json`;
  for (let n = 1; existing.includes(name); n++) name = `${base}-${n}.json`;
  const file = path.join(dir, name);
  await writeFileAtomic(file, text);
  await pruneManualBackups(paths, name);
  return file;
}

const key = (name: string): string => {
  const m = BACKUP_RE.exec(name);
  return `${m?.[1] ?? ''}-${(m?.[2] ?? '').padStart(6, '0')}`;
};

/** Backup file names, oldest first. */
export async function listManualBackups(paths: DataDirPaths): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(manualBackupsDir(paths));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names.filter((n) => BACKUP_RE.test(n)).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * Keeps the newest {@link MANUAL_BACKUPS_KEPT}, `written` (the backup just made) first. Names
 * stamped after it were written before it, by a clock set ahead (or on another machine): they go
 * first, oldest stamp first. Taken by name alone, a dozen of them had the backup just written
 * deleted at once, with the previous contributions it held.
 */
async function pruneManualBackups(paths: DataDirPaths, written: string): Promise<void> {
  const names = await listManualBackups(paths);
  const ahead = names.filter((n) => key(n) > key(written));
  const order = [...ahead, ...names.filter((n) => key(n) <= key(written))];
  const old = order.slice(0, Math.max(0, order.length - MANUAL_BACKUPS_KEPT));
  await Promise.all(old.map((n) => unlink(path.join(manualBackupsDir(paths), n)).catch(() => undefined)));
}
