import { randomBytes } from 'node:crypto';
import { writeFile as writeFileCallback } from 'node:fs';
import { mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { CHUNK_ID, PERIOD_TYPES } from '../../shared/board-index.js';
import type { WrittenLeaderboardData } from '../../shared/data-file.js';
import { fsyncDir, writeJsonAtomic, writePiecesAtomic } from '../store/files.js';
import { rowTexts, splitBoard } from './board-files.js';
import { compactDataFilePieces } from './compact-writer.js';

/** Where the board's files go: the data file, the index beside it, and the chunks folder. */
export interface BoardPaths {
  data: string;
  index: string;
  chunks: string;
}

const writeFileFlushed = promisify(writeFileCallback);

// Chunk files written at once: each is a small write and an fsync, which overlap well.
const PARALLEL_WRITES = 8;

/**
 * Writes the whole data file (streamed, as schema_version 4: see compact-writer.ts), then the page's split of it: new chunk files (one that
 * exists has the same content, by its name), the folder fsynced, and the index last, each
 * atomically; a crash at any point leaves an index whose chunks are all on disk. Chunks that
 * neither the new nor the previous index names are deleted afterwards (a page still showing the
 * previous index can open its rows until it follows the new one).
 */
export async function writeBoard(paths: BoardPaths, data: WrittenLeaderboardData): Promise<void> {
  const texts = rowTexts(data);
  await writePiecesAtomic(paths.data, compactDataFilePieces(data, texts));
  await writeIndexAndChunks(paths, data, texts);
}

/** The page's split of `data` alone (see {@link writeBoard}): chunks, then the index. */
export async function writeIndexAndChunks(paths: Omit<BoardPaths, 'data'>, data: WrittenLeaderboardData, texts = rowTexts(data)): Promise<void> {
  await mkdir(paths.chunks, { recursive: true });
  const existing = new Set(await readdir(paths.chunks));
  const wanted = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const split = splitBoard(data, texts);
  let step = split.next();
  while (!step.done) {
    const { id, bytes } = step.value;
    const name = `${id}.json`;
    wanted.add(name);
    if (!existing.has(name)) {
      existing.add(name);
      const write: Promise<void> = writeDurable(path.join(paths.chunks, name), bytes).finally(() => inFlight.delete(write));
      inFlight.add(write);
      if (inFlight.size >= PARALLEL_WRITES) await Promise.race(inFlight);
    }
    step = split.next();
  }
  await Promise.all(inFlight);
  await fsyncDir(paths.chunks);
  const previous = await chunkNamesOf(paths.index);
  await writeJsonAtomic(paths.index, step.value);
  await removeUnused(paths.chunks, new Set([...wanted, ...previous]));
}

/**
 * Temp file, fsync (`flush`), rename; the caller fsyncs the folder once for all of them. Through
 * the callback API: a FileHandle's open, write, sync and close were four promises and ~0.1 ms of
 * the refresh's own thread per chunk file (128 files: 13 ms against 5 in a bench of the two).
 */
async function writeDurable(file: string, bytes: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFileFlushed(tmp, bytes, { flush: true });
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await rename(tmp, file);
}

/** Chunk file names an index names; none when it is missing or unreadable. */
async function chunkNamesOf(indexFile: string): Promise<string[]> {
  try {
    const index = JSON.parse(await readFile(indexFile, 'utf8')) as { periods?: Record<string, { chunks?: unknown }[]> };
    const names: string[] = [];
    for (const type of PERIOD_TYPES) {
      for (const p of index.periods?.[type] ?? []) {
        if (Array.isArray(p.chunks)) for (const id of p.chunks) if (typeof id === 'string' && CHUNK_ID.test(id)) names.push(`${id}.json`);
      }
    }
    return names;
  } catch {
    return [];
  }
}

/** Deletes chunk files (and temp files of interrupted writes) not in `keep`. */
async function removeUnused(dir: string, keep: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!keep.has(name)) await unlink(path.join(dir, name)).catch(() => undefined);
  }
}
