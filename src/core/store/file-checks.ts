import { access, open, readdir, stat } from 'node:fs/promises';
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

/** The page's index as the last refresh wrote it, and how many files its chunk folder then held. */
export interface IndexStamp extends FileStamp {
  chunks: number;
}

export async function indexStamp(index: string, chunks: string): Promise<IndexStamp> {
  return { ...(await fileStamp(index)), chunks: (await readdir(chunks)).length };
}

/**
 * Whether the page's index is still the one the last refresh wrote and no chunk file has gone
 * (the folder holds the index's chunks and perhaps the previous index's: any deletion lowers the
 * count); one stat and one listing. Without a stamp (older state files): whether the index exists.
 */
export async function indexIntact(index: string, chunks: string, stamp: IndexStamp | undefined): Promise<boolean> {
  if (!stamp) return exists(index);
  try {
    const now = await stat(index);
    return now.size === stamp.size && now.mtimeMs === stamp.mtimeMs && (await readdir(chunks)).length >= stamp.chunks;
  } catch {
    return false;
  }
}
