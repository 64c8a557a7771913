import { createHash } from 'node:crypto';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from './http-errors.js';

const gzipAsync = promisify(gzip);

interface Version {
  ino: number;
  mtimeMs: number;
  size: number;
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/**
 * Serves a generated data file from memory: read, hashed and gzipped once per version (its
 * mtime and size), then every request is a buffer write. The data file of a big history is
 * megabytes of JSON that the page re-fetches on every refresh, so reading and compressing it per
 * request made a busy server slow (p99 over 200 ms at 10 connections for the 2.7 MB fixture).
 * Always revalidated (`no-cache`) with a strong ETag of the content.
 */
export function dataFileHandler(file: string, opts: { immutable?: boolean; missingIsEmpty?: boolean } = {}) {
  let current: Version | null = null;
  let loading: Promise<Version> | null = null;

  const load = async (): Promise<Version> => {
    const s = await stat(file);
    // Writes are atomic renames, so a new version is also a new inode.
    if (current && current.ino === s.ino && current.mtimeMs === s.mtimeMs && current.size === s.size) return current;
    const body = await readFile(file);
    const version: Version = {
      ino: s.ino,
      mtimeMs: s.mtimeMs,
      size: s.size,
      body,
      gzipped: await gzipAsync(body),
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    current = version;
    return version;
  };

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    let version: Version;
    try {
      // Requests arriving together share one load.
      loading ??= load().finally(() => { loading = null; });
      version = await loading;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && opts.missingIsEmpty) {
        // The page polls it: a 404 was a console error every 30 seconds before the first refresh.
        res.set('Cache-Control', 'no-cache').status(204).end();
        return;
      }
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        sendError(res, 404, 'NOT_FOUND', `${path.basename(file)} does not exist yet.`);
        return;
      }
      next(err);
      return;
    }
    // A chunk's name is the hash of its content: it never changes, so the browser keeps it.
    res.setHeader('Cache-Control', opts.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('ETag', version.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type('application/json');
    if (req.headers['if-none-match'] === version.etag) {
      res.status(304).end();
      return;
    }
    const gzipOk = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzipOk) res.setHeader('Content-Encoding', 'gzip');
    const body = gzipOk ? version.gzipped : version.body;
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

// Chunks held in memory at most; a big board has a thousand or more, each fetched on demand.
const MAX_CACHED_CHUNKS = 256;

/**
 * Serves `<dir>/<id>.json` for the page's chunk files (see src/shared/board-index.ts), each from
 * memory once read, like the data file; names other than 16 hex digits are a 404 before any
 * file is looked at. The least recently loaded chunks are let go past {@link MAX_CACHED_CHUNKS}.
 */
export function chunkFileHandler(dir: string) {
  const handlers = new Map<string, ReturnType<typeof dataFileHandler>>();
  return (req: Request, res: Response, next: NextFunction): void => {
    const m = /^([0-9a-f]{16})\.json$/.exec(String(req.params.name ?? ''));
    if (!m) {
      sendError(res, 404, 'NOT_FOUND', 'No such chunk.');
      return;
    }
    const name = `${m[1]}.json`;
    let handler = handlers.get(name);
    if (!handler) {
      handler = dataFileHandler(path.join(dir, name), { immutable: true });
      handlers.set(name, handler);
      if (handlers.size > MAX_CACHED_CHUNKS) handlers.delete(handlers.keys().next().value as string);
    }
    void handler(req, res, next);
  };
}

// Both files start with their `last_updated` (the index after `format`, the data file after
// `schema_version`), so a few bytes of each tell whether one refresh wrote them.
const HEAD_BYTES = 4096;
const LAST_UPDATED = /"last_updated"\s*:\s*"([^"]*)"/;

async function lastUpdatedOf(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return LAST_UPDATED.exec(buffer.toString('utf8', 0, bytesRead))?.[1] ?? null;
  } finally {
    await handle.close();
  }
}

/**
 * Lets `leaderboard-index.json` through only while it belongs to the data file beside it (same
 * `last_updated`); otherwise 404, and the page reads the data file itself. A data file replaced
 * by hand, copied from elsewhere or damaged would else be hidden behind the index of an earlier
 * refresh. Checked once per version of the two files.
 */
export function boardIndexGuard(indexFile: string, dataFile: string) {
  let checked: { key: string; matches: boolean } | null = null;
  return async (_req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const [i, d] = await Promise.all([stat(indexFile), stat(dataFile)]);
      const key = [i.ino, i.mtimeMs, i.size, d.ino, d.mtimeMs, d.size].join(':');
      if (checked?.key !== key) {
        const [a, b] = await Promise.all([lastUpdatedOf(indexFile), lastUpdatedOf(dataFile)]);
        checked = { key, matches: a !== null && a === b };
      }
      if (checked.matches) {
        next();
        return;
      }
    } catch {
      // Either file missing: no index to offer.
    }
    // No content, not 404: the page then reads the data file, as it does without an index, and
    // its console stays clean (a 404 there was an error on every load of an older data directory).
    res.set('Cache-Control', 'no-cache').set('X-Leaderboard-Index', `none: ${path.basename(indexFile)} does not belong to ${path.basename(dataFile)}; read the data file`).status(204).end();
  };
}
