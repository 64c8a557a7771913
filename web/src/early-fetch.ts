/** Relative, so the page works under any base path. */
export const DATA_FILE_URL = './leaderboard-data.json';

// Imported first by main.tsx: the data file (megabytes for a big repository) starts downloading
// before React and zod are even evaluated, instead of after the first render.
let early: Promise<Response> | null = fetch(DATA_FILE_URL, { cache: 'no-store' });
early.catch(() => undefined); // the taker handles the failure; this only silences an early rejection

/** The data file request started at startup, handed out once (to the first load); null afterwards. */
export function takeEarlyDataResponse(): Promise<Response> | null {
  const pending = early;
  early = null;
  return pending;
}
