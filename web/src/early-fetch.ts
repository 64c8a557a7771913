import { indexExpected } from './lib/site-mode.js';

/** Relative, so the page works under any base path. */
export const DATA_FILE_URL = './leaderboard-data.json';
/** The index of the data file (leaderboard-index.json), read first; absent in older data directories. */
export const INDEX_URL = './leaderboard-index.json';

// Imported first by main.tsx, so the index (else the data file) is on its way before React and zod
// are evaluated, even when public/early-fetch.js did not start it.
/** Where a board's files are: `./`, or one repository's own board for the repository selector. */
export function repoBoardBase(repo: string | null): string {
  return repo ? `./leaderboard-repos/${encodeURIComponent(repo)}/` : './';
}

/** The repository a link names (`?repo=name`), or null for all of them. */
export function repoFromUrl(search: string): string | null {
  return new URLSearchParams(search).get('repo')?.trim() || null;
}

// A link to one repository's board fetches that board's files instead.
const base = repoBoardBase(repoFromUrl(window.location.search));
const url = `${base}${(indexExpected() ? INDEX_URL : DATA_FILE_URL).slice(2)}`;
// public/early-fetch.js started this request from <head>, before this bundle was even downloaded.
const started = (window as { __leaderboardEarlyFetch?: { url: string; response: Promise<Response> } }).__leaderboardEarlyFetch;
let early: Promise<Response> | null = started?.url === url ? started.response : fetch(url, { cache: 'no-store' });
early.catch(() => undefined); // the taker handles the failure; this only silences an early rejection

/** The index (or data file, see indexExpected) request started at startup, handed out once (to the first load); null afterwards. */
export function takeEarlyDataResponse(): Promise<Response> | null {
  const pending = early;
  early = null;
  return pending;
}
