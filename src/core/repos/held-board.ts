import { existsSync } from 'node:fs';
import { stateSchema } from '../refresh-state.js';
import { dataDirPaths } from '../store/data-dir.js';
import { readJsonFile } from '../store/files.js';
import { mirrorDir, openRepository } from './open.js';
import { withoutCredentials, type RepoSource } from './sources.js';

/**
 * What a data directory holds, by its refresh state: no board; the board of its repository
 * alone (`own`: a state without parts, as older ones are, or one part at the top that is not a
 * mirror; with the checkout it was refreshed from, when recorded); or a board of the repositories its parts name, each with the remote URL the board
 * links to (a URL given, without credentials, or a clone's origin; null when none).
 */
export type HeldBoard = { kind: 'none' } | { kind: 'own'; repo: string | null } | { kind: 'repositories'; parts: { name: string; url: string | null }[] };

/** Reads what `dataDir` holds (see {@link HeldBoard}); a state that does not parse is taken for the repository's own board. */
export async function heldBoard(dataDir: string): Promise<HeldBoard> {
  const file = dataDirPaths(dataDir).state;
  if (!existsSync(file)) return { kind: 'none' };
  const state = await readJsonFile(file, stateSchema).catch(() => null);
  const parts = state?.parts;
  // `repo`: the checkout it was refreshed from, as the state records it.
  const own = { kind: 'own', repo: state?.repo ?? null } as const;
  if (!parts || parts.length === 0) return own;
  const [only] = parts;
  // One repository at the top is the checkout's own board unless it was mirrored from a URL.
  if (parts.length === 1 && only && only.dir === '.' && !existsSync(mirrorDir(dataDir, only.name))) return own;
  // As a refresh records a URL now: an earlier version kept its query string (a token there).
  return { kind: 'repositories', parts: parts.map((p) => ({ name: p.name, url: p.url === null ? null : withoutCredentials(p.url) })) };
}

/**
 * Whether `held` is a board of exactly `sources`: as many, each by its name and URL (a clone's
 * by its origin, as a refresh records it). A clone that cannot be opened is not the same.
 */
export async function holdsBoardOf(held: HeldBoard, sources: readonly RepoSource[], dataDir: string): Promise<boolean> {
  if (held.kind !== 'repositories' || held.parts.length !== sources.length) return false;
  for (const source of sources) {
    const url = 'url' in source
      ? withoutCredentials(source.url)
      : await openRepository(source, dataDir, { fetch: false }).then((t) => t.url, () => undefined);
    if (url === undefined || !held.parts.some((p) => p.name === source.name && p.url === url)) return false;
  }
  // As many, and the sources' names are distinct (see sourcesFromFlags): each part is matched once.
  return true;
}
