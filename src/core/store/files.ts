import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ZodError, type z } from 'zod';
import { LeaderboardError, type ErrorCode } from '../errors.js';
import { isAlive } from './process-alive.js';

// The tail of each path's write queue in this process (resolved path -> last write).
const queues = new Map<string, Promise<void>>();

/**
 * Writes a file atomically: a temp file beside it (named as {@link removeDeadTempFiles} knows it,
 * so a write killed part-way leaves nothing for good), fsynced, then renamed over it with the
 * file's mode kept, and the directory fsynced so the rename itself survives a power cut; a reader
 * or a crash never sees half a file. Writes to one path in this process are queued in call order.
 */
export function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  return atomicWrite(file, (handle) => handle.writeFile(data));
}

/**
 * Runs `fill` on a temp file beside `file` (named as {@link removeDeadTempFiles} knows it), keeps
 * the file's mode (and, as root, its owner: root writing a user's file leaves it theirs), fsyncs
 * it, renames it over `file` and fsyncs the directory; a failure removes the temp file. Queued
 * after the writes to `file` already queued in this process.
 */
function atomicWrite(file: string, fill: (handle: FileHandle) => Promise<void>): Promise<void> {
  return queued(file, async (key) => {
    const tmp = tempFileOf(key);
    const before = await stat(key).catch(() => undefined);
    const handle = await open(tmp, 'w');
    try {
      await fill(handle);
      if (before) {
        await handle.chmod(before.mode & 0o7777);
        if (process.getuid?.() === 0) await handle.chown(before.uid, before.gid);
      }
      await handle.sync();
      await handle.close();
      await rename(tmp, key);
    } catch (err) {
      await handle.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      // A write through the handle names no path: a full disk was said without the file.
      throw withPath(err, key);
    }
    await fsyncDir(path.dirname(key));
  });
}

/**
 * `mkdir -p` without Node's recursive mkdir, which loops for ever where the file system refuses a
 * creation with ENOENT (under /proc: `--data-dir /proc/x/dd` hung at full CPU): the missing
 * folders are made one at a time from the nearest one that exists, and a refusal is an error.
 * A file in the way is ENOTDIR, naming it.
 */
export async function makeDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const found = await stat(at).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (found?.isDirectory()) break;
    if (found) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${at}'`), { code: 'ENOTDIR', errno: -20, syscall: 'mkdir', path: at });
    missing.push(at);
    if (path.dirname(at) === at) break;
  }
  for (const d of missing.reverse()) {
    // Made meanwhile by another process: fine, if it is a folder.
    await mkdir(d).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST' || !(await stat(d)).isDirectory()) throw err;
    });
  }
}

/** The temp file a write of `file` goes through: `<file>.<pid>.<8 hex>.tmp` (see PIECES_TEMP). */
const tempFileOf = (file: string): string => `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;

/** Runs `write` for `file` after the writes to it already queued in this process. */
function queued(file: string, writeFn: (key: string) => Promise<void>): Promise<void> {
  const key = path.resolve(file);
  const previous = queues.get(key) ?? Promise.resolve();
  const write = previous.then(() => writeFn(key));
  const tail = write.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return write;
}

const FLUSH_BYTES = 1 << 20;

/** A temp file of {@link writeFileAtomic} and {@link writePiecesAtomic}: `<file>.<pid>.<8 hex>.tmp`. */
const PIECES_TEMP = /\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * Deletes the temp files the atomic writes left in `dirs` when their process was killed
 * mid-write (a big history's data file or score cache: hundreds of MB each, kept for good). Only
 * those of a process that has exited; called holding the data directory's lock. Never throws.
 */
/**
 * {@link removeDeadTempFiles} of a whole data directory: its own files, its manual backups, and
 * each repository's part and board (a killed refresh or merge of several repositories left
 * theirs for good).
 */
export async function removeDeadDataDirTempFiles(dir: string): Promise<void> {
  const sub = async (folder: string) => (await readdir(path.join(dir, folder)).catch(() => [] as string[])).map((name) => path.join(dir, folder, name));
  await removeDeadTempFiles([dir, path.join(dir, 'manual-backups'), ...(await sub('parts')), ...(await sub('leaderboard-repos'))]);
}

export async function removeDeadTempFiles(dirs: readonly string[]): Promise<void> {
  for (const dir of dirs) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const pid = Number(PIECES_TEMP.exec(name)?.[1] ?? NaN);
      if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isAlive(pid)) continue;
      await unlink(path.join(dir, name)).catch(() => undefined);
    }
  }
}

/**
 * Writes the concatenation of `pieces` atomically, like {@link writeFileAtomic}, without ever
 * holding the whole text: the score cache and data file of a million commits are hundreds of
 * megabytes, more than one JavaScript string can hold. Pieces are encoded into one reused 1 MB
 * buffer and written as it fills: joining them into 1 MB strings instead left each of those on
 * the heap until a full collection (the score cache of 200,000 commits raised the refresh's peak
 * by about 60 MB).
 */
export function writePiecesAtomic(file: string, pieces: Iterable<string>): Promise<void> {
  return atomicWrite(file, async (handle) => {
    const buffer = Buffer.allocUnsafe(FLUSH_BYTES);
    let used = 0;
    for (const piece of pieces) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit, so a piece within that bound fits as it is.
      if (used + piece.length * 3 > FLUSH_BYTES) {
        await writeAll(handle, buffer, used);
        used = 0;
        if (piece.length * 3 > FLUSH_BYTES) {
          await handle.write(piece);
          continue;
        }
      }
      used += buffer.write(piece, used);
    }
    await writeAll(handle, buffer, used);
  });
}

/** Writes the first `length` bytes of `buffer`, however many calls the file system takes. */
async function writeAll(handle: FileHandle, buffer: Buffer, length: number): Promise<void> {
  for (let done = 0; done < length;) done += (await handle.write(buffer, done, length - done)).bytesWritten;
}

/** Flushes a directory's entries (a rename) to disk; a no-op where directories cannot be opened (Windows). */
export async function fsyncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: some platforms and file systems refuse fsync on a directory.
  } finally {
    await handle?.close();
  }
}

/** Writes JSON atomically; `pretty` indents for files people edit by hand. */
export async function writeJsonAtomic(file: string, value: unknown, pretty = false): Promise<void> {
  await writeFileAtomic(file, `${pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`);
}

/** Reads a file, or null when it does not exist (also when a parent is a file, as `.git` in a worktree). */
export async function readTextIfExists(file: string): Promise<string | null> {
  return (await readBytesIfExists(file))?.toString('utf8') ?? null;
}

/** A file's bytes, or null when it does not exist (see {@link readTextIfExists}). */
export async function readBytesIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw withPath(err, file);
  }
}

/**
 * `err` naming `file` when it names no path: a read of a folder (EISDIR) does not, and the error
 * then could not say which file was in the way.
 */
export function withPath(err: unknown, file: string): unknown {
  const e = err as NodeJS.ErrnoException | null;
  if (e && typeof e === 'object' && typeof e.code === 'string' && e.path === undefined) e.path = file;
  return err;
}

/**
 * Reads and validates a JSON file; null when missing. A file that is not JSON or does not match
 * the schema is an error naming the file and the field, so nothing is silently trusted.
 */
export async function readJsonFile<S extends z.ZodType>(
  file: string,
  schema: S,
  code: ErrorCode = 'INVALID_INPUT',
): Promise<z.output<S> | null> {
  const text = await readTextIfExists(file);
  if (text === null) return null;
  return parseJsonText(text, file, schema, code);
}

/**
 * Parses JSON text with a schema, naming `file` in any error. `restore` ends the error's hint
 * (after "Fix the file by hand or"); default: restore it from a backup.
 */
export function parseJsonText<S extends z.ZodType>(text: string, file: string, schema: S, code: ErrorCode = 'INVALID_INPUT', restore?: string): z.output<S> {
  let json: unknown;
  try {
    // A byte order mark (Windows editors write one) read as "Unexpected token": an invisible character.
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (err) {
    throw new LeaderboardError(code, `${file} is not valid JSON (${(err as Error).message}).`, `Fix the file by hand or ${restore ?? 'restore it from a backup'}.`);
  }
  const invalid = (error: z.ZodError) =>
    new LeaderboardError(code, `${file} is not valid: ${describeIssues(error)}.`, `Fix the named field or ${restore ?? 'restore the file from a backup'}.`);
  let parsed;
  try {
    parsed = schema.safeParse(json);
  } catch (err) {
    // A schema's transform may throw its own ZodError (the legacy manual-contributions shape
    // does, for a score like 5.5): report it like any other invalid field, not as a crash.
    if (err instanceof ZodError) throw invalid(err);
    throw err;
  }
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

interface FieldIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * Issues with full paths. A union that fails says only "Invalid input" at its own path, so the
 * alternative that got furthest into the value (the deepest issue) is reported instead.
 */
function fieldIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue[] => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const depth = (branch: z.core.$ZodIssue[]) => Math.max(0, ...branch.map((b) => b.path.length));
      const deepest = issue.errors.reduce((best, branch) => (depth(branch) > depth(best) ? branch : best));
      return fieldIssues(deepest, path);
    }
    // A refused record key says only "Invalid key in record": its own issues say why.
    if (issue.code === 'invalid_key' && issue.issues.length > 0) return fieldIssues(issue.issues as z.core.$ZodIssue[], path);
    return [{ path, message: issue.message }];
  });
}

/** The issues of a zod error in words: `path: message; ...`. */
export function describeIssues(error: z.ZodError): string {
  return fieldIssues(error.issues)
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(top level)'}: ${i.message}`)
    .join('; ');
}
