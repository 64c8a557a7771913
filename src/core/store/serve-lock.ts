import { readFileSync, unlinkSync } from 'node:fs';
import { readFile, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { LeaderboardError } from '../errors.js';
import { ensureDataDir, dataDirPaths } from './data-dir.js';
import { isAlive } from './process-alive.js';

/** Name of the serve lock file in the data directory. */
export const SERVE_LOCK_NAME = 'serve.lock';

const serveLockSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  /** The machine the server runs on: a pid is only checked on the same one. */
  hostname: z.string(),
  port: z.number().int().nullable(),
  url: z.string().nullable(),
  startedAt: z.string(),
});

/** What the serve lock file says about the server that holds it. */
export type ServeLockInfo = z.infer<typeof serveLockSchema>;

/** A held serve lock: `setAddress` records where it listens, `release` removes the file. */
export interface ServeLock {
  file: string;
  /**
   * Why no lock file could be made, when the data directory cannot be written here (its error
   * code: EACCES, EROFS...) and the caller accepts that (see {@link acquireServeLock}); null: held.
   */
  readOnly: string | null;
  setAddress(url: string, port: number): Promise<void>;
  release(): Promise<void>;
}

/** The error codes of a data directory this process may read but not write. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * Takes the data directory's serve lock: `serve.lock`, created exclusively, holding this pid,
 * host name and (once listening) the address. A second `serve` on the same directory is refused
 * with a BUSY error naming the running one. A lock whose process is gone (crash, SIGKILL), or
 * that does not parse, is stale: it is removed and taken. Short write sections still use the
 * `.lock` directory (see lock.ts); this one lives as long as the server. `readOnlyOk`: a data
 * directory this process cannot write (EACCES, EPERM, EROFS) gives a lock that holds nothing, its
 * `readOnly` saying why, instead of an error.
 */
export async function acquireServeLock(dataDir: string, host: string, opts: { readOnlyOk?: boolean } = {}): Promise<ServeLock> {
  const paths = dataDirPaths(dataDir);
  const file = path.join(paths.dir, SERVE_LOCK_NAME);
  // A server that only reads (serve --no-refresh) may serve a directory it cannot write (a CI
  // artifact, a read-only mount): no lock then, as nothing it does there writes.
  const unwritable = (err: unknown) => {
    const code = (err as NodeJS.ErrnoException).code;
    return opts.readOnlyOk && code !== undefined && UNWRITABLE.has(code) ? code : null;
  };
  const readOnly = (code: string): ServeLock => ({ file, readOnly: code, setAddress: () => Promise.resolve(), release: () => Promise.resolve() });
  try {
    await ensureDataDir(paths);
  } catch (err) {
    const code = unwritable(err);
    if (code) return readOnly(code);
    throw err;
  }
  let info: ServeLockInfo = { pid: process.pid, host, hostname: os.hostname(), port: null, url: null, startedAt: new Date().toISOString() };
  const write = (flag: 'wx' | 'w') => writeFile(file, `${JSON.stringify(info, null, 2)}\n`, { flag });
  for (let attempt = 0; ; attempt++) {
    try {
      await write('wx');
      break;
    } catch (err) {
      const code = unwritable(err);
      if (code) return readOnly(code);
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 20) throw ioError(file, err);
    }
    const holder = await readServeLock(file);
    if (!holder && (await youngerThan(file, 2000))) {
      // Probably another server between creating the file and writing its pid: give it a moment.
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    if (holder && holder.pid !== process.pid && (holder.hostname !== os.hostname() || isAlive(holder.pid))) {
      const where = holder.url ? ` at ${holder.url}` : '';
      const machine = holder.hostname !== os.hostname() ? ` on ${holder.hostname}` : '';
      throw new LeaderboardError(
        'BUSY',
        `Another leaderboard server (pid ${holder.pid}${machine}) is already serving ${paths.dir}${where}.`,
        `Open that address, or stop that server first. If it is not running, delete ${file}.`,
      );
    }
    // Stale (its process died) or unreadable: take it over. Removing and re-creating with 'wx'
    // means two servers recovering the same stale lock cannot both win.
    await unlink(file).catch(() => undefined);
  }
  let released = false;
  // A server that exits without its shutdown path (an uncaught error) still frees the lock;
  // after SIGKILL the dead pid makes it stale instead.
  const onExit = () => {
    if (released) return;
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid === process.pid) unlinkSync(file);
    } catch {
      // already gone or not ours
    }
  };
  process.once('exit', onExit);
  return {
    file,
    readOnly: null,
    async setAddress(url, port) {
      info = { ...info, url, port };
      if (!released) await write('w');
    },
    async release() {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      const holder = await readServeLock(file);
      if (holder?.pid === process.pid) await unlink(file).catch(() => undefined);
    },
  };
}

/** The serve lock's content, or null when it is missing or unreadable. */
export async function readServeLock(file: string): Promise<ServeLockInfo | null> {
  try {
    const parsed = serveLockSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function youngerThan(file: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(file)).mtimeMs < ms;
  } catch {
    return false;
  }
}

function ioError(file: string, err: unknown): LeaderboardError {
  return new LeaderboardError('IO', `Cannot create the serve lock ${file}: ${(err as Error).message}`, 'Pass --data-dir with a directory you can write to.');
}
