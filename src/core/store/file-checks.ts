import { access, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { readTextIfExists } from './files.js';

/** Size and modification time of a file, to recognise it later without reading it. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export async function fileStamp(file: string): Promise<FileStamp> {
  const { size, mtimeMs } = await stat(file);
  return { size, mtimeMs };
}

/**
 * Whether the data file is still the one the last refresh wrote: one stat when the state records
 * it (parsing megabytes of JSON made a no-change refresh three times slower), else a full parse.
 */
export async function dataFileIntact(file: string, stamp: FileStamp | undefined): Promise<boolean> {
  if (!stamp) return isJsonFile(file);
  try {
    const now = await stat(file);
    return now.size === stamp.size && now.mtimeMs === stamp.mtimeMs;
  } catch {
    return false;
  }
}

async function isJsonFile(file: string): Promise<boolean> {
  const text = await readTextIfExists(file);
  if (text === null) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A cheap check that a score cache was written whole (its first and last bytes), so a no-change
 * refresh does not parse a cache of many megabytes; any other damage is caught when it is loaded.
 */
export async function looksWhole(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
    const { size } = await handle.stat();
    if (size < 16) return false;
    const head = Buffer.alloc(11);
    const tail = Buffer.alloc(3);
    await handle.read(head, 0, head.length, 0);
    await handle.read(tail, 0, tail.length, size - tail.length);
    return head.toString() === '{"version":' && tail.toString() === ']}\n';
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

export async function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}

/** The page's index as the last refresh wrote it, and how many files its chunk folder then held, of how many bytes. */
export interface IndexStamp extends FileStamp {
  chunks: number;
  /** Absent in states written before it was kept. */
  chunkBytes?: number;
}

/** The files of the chunk folder: how many, and their bytes (one stat each, in parallel). */
async function chunkFiles(chunks: string): Promise<{ chunks: number; chunkBytes: number }> {
  const names = await readdir(chunks);
  const sizes = await Promise.all(names.map((n) => stat(path.join(chunks, n)).then((s) => s.size)));
  return { chunks: names.length, chunkBytes: sizes.reduce((a, b) => a + b, 0) };
}

/**
 * Whether a chunk file was cut short or changed since the stamp: the rebuild must then write the
 * folder again, since it keeps a chunk file that exists (its name is its content's hash).
 */
export async function chunksDamaged(chunks: string, stamp: IndexStamp | undefined): Promise<boolean> {
  if (stamp?.chunkBytes === undefined) return false;
  try {
    return (await chunkFiles(chunks)).chunkBytes !== stamp.chunkBytes;
  } catch {
    return false;
  }
}

export async function indexStamp(index: string, chunks: string): Promise<IndexStamp> {
  return { ...(await fileStamp(index)), ...(await chunkFiles(chunks)) };
}

/**
 * Whether the page's index is still the one the last refresh wrote and its chunk folder holds
 * what it held then: no file gone (the folder holds the index's chunks and perhaps the previous
 * index's: a deletion lowers the count) and none cut short (a truncation changes the bytes, which
 * the count alone let pass). A listing and a stat a file. Without a stamp (older state files):
 * whether the index exists.
 */
export async function indexIntact(index: string, chunks: string, stamp: IndexStamp | undefined): Promise<boolean> {
  if (!stamp) return exists(index);
  try {
    const now = await stat(index);
    if (now.size !== stamp.size || now.mtimeMs !== stamp.mtimeMs) return false;
    const files = await chunkFiles(chunks);
    return files.chunks >= stamp.chunks && (stamp.chunkBytes === undefined || files.chunkBytes === stamp.chunkBytes);
  } catch {
    return false;
  }
}
