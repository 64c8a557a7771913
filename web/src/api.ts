import { parseBoardIndex } from '../../src/shared/board-index.js';
import { describeDataFileError, parseLeaderboardData, type LeaderboardData } from '../../src/shared/data-file.js';
import { statusFileSchema, type StatusFile } from '../../src/shared/status-file.js';
import { DATA_FILE_URL, INDEX_URL } from './early-fetch.js';
import { boardFromData, boardFromIndex, type Board } from './lib/board.js';
import { indexExpected } from './lib/site-mode.js';

export { DATA_FILE_URL, INDEX_URL };
/** Folder of the index's chunk files, relative like the data file. */
export const CHUNKS_URL = './leaderboard-chunks/';
/** Relative, like the data file. */
export const STATUS_FILE_URL = './last-update.json';

/** The generic message of a data file that could not be fetched. */
export const LOAD_FAILED_MESSAGE = 'Failed to load leaderboard data';

/**
 * A data file that could not be fetched or read; `message` is meant for the error state.
 * `unreachable`: no answer came at all (the server stopped, the network dropped), as opposed to
 * an answer saying the file is missing or a file that is not valid.
 */
export class DataLoadError extends Error {
  override name = 'DataLoadError';
  readonly unreachable: boolean;
  constructor(message: string, options: { unreachable?: boolean } = {}) {
    super(message);
    this.unreachable = options.unreachable ?? false;
  }
}

/** A fetched and validated data file, with its text (to tell whether a later fetch changed it). */
export interface LoadedData {
  data: LeaderboardData;
  text: string;
}

/**
 * Fetches `leaderboard-data.json` bypassing the cache and validates it with the shared schema.
 * Throws a {@link DataLoadError}: 'Failed to load leaderboard data' (with the HTTP status when
 * there is one) when it cannot be fetched, or a sentence naming what is wrong with a malformed file.
 * `pending` is a request already under way (the one started at startup) to use instead of a new one.
 */
export async function fetchLeaderboardData(signal?: AbortSignal, pending?: Promise<Response> | null, base = './'): Promise<LoadedData> {
  let text: string;
  try {
    const res = await (pending ?? fetch(`${base}${DATA_FILE_URL.slice(2)}`, { cache: 'no-store', signal }));
    if (!res.ok) {
      const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
      throw new DataLoadError(`${LOAD_FAILED_MESSAGE} (${status})`);
    }
    text = await res.text();
  } catch (err) {
    if (err instanceof DataLoadError || signal?.aborted) throw err;
    // fetch rejects only when no response came (an HTTP error status resolves).
    throw new DataLoadError(LOAD_FAILED_MESSAGE, { unreachable: true });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new DataLoadError(describeDataFileError(new Error(`The leaderboard data file is not valid JSON: ${reason}`)));
  }
  try {
    return { data: parseLeaderboardData(json), text };
  } catch (err) {
    throw new DataLoadError(describeDataFileError(err));
  }
}

/** A loaded board, with the text it came from (to tell whether a later fetch changed it). */
export interface LoadedBoard {
  board: Board;
  text: string;
}

/**
 * Loads what the page shows: `leaderboard-index.json` when the server has one (its chunks are
 * fetched later, row by row), else the whole `leaderboard-data.json` (older data directories,
 * files of other tools). Errors as {@link fetchLeaderboardData}; `pending` is the index request
 * started at startup.
 */
export async function fetchBoard(signal?: AbortSignal, pending?: Promise<Response> | null, base = './'): Promise<LoadedBoard> {
  if (!indexExpected()) {
    const { data, text } = await fetchLeaderboardData(signal, pending, base);
    return { board: boardFromData(data), text };
  }
  let res: Response;
  try {
    res = await (pending ?? fetch(`${base}${INDEX_URL.slice(2)}`, { cache: 'no-store', signal }));
  } catch {
    if (signal?.aborted) throw new DataLoadError(LOAD_FAILED_MESSAGE);
    res = new Response(null, { status: 404 });
  }
  // No index (older data directories, a static site of the data file alone, a server that answers
  // every path with the page): the whole data file, as before.
  if (!res.ok || !/json/i.test(res.headers.get('content-type') ?? '')) {
    const { data, text } = await fetchLeaderboardData(signal, null, base);
    return { board: boardFromData(data), text };
  }
  const text = await res.text().catch(() => {
    throw new DataLoadError(LOAD_FAILED_MESSAGE);
  });
  let index;
  try {
    index = parseBoardIndex(JSON.parse(text));
  } catch (err) {
    throw new DataLoadError(describeDataFileError(err instanceof SyntaxError ? new Error(`The leaderboard index is not valid JSON: ${err.message}`) : err));
  }
  return { board: boardFromIndex(index, (id) => fetchChunk(`${base}${CHUNKS_URL.slice(2)}`, id)), text };
}

/** One chunk file of the index, parsed (validated by the board when used). */
async function fetchChunk(folder: string, id: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${folder}${id}.json`);
  } catch {
    throw new DataLoadError('Failed to load the commits');
  }
  // A refresh removed it: the page follows the new data on its own shortly.
  if (!res.ok) throw new DataLoadError(`Failed to load the commits (HTTP ${res.status}); the data has changed, refresh the page`);
  return res.json();
}

/**
 * Fetches `last-update.json`. Null when it is missing (404), unreachable or unreadable: the page
 * then shows no auto-refresh status at all.
 */
export async function fetchRefreshStatus(signal?: AbortSignal): Promise<StatusFile | null> {
  try {
    const res = await fetch(STATUS_FILE_URL, { cache: 'no-store', signal });
    // 204: no refresh has written it yet (the status is empty).
    if (!res.ok || res.status === 204) return null;
    const parsed = statusFileSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
