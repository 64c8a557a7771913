/**
 * Telling "the server did not answer" from "the data is wrong": both ended on the error screen
 * with the hint to create the data file, which sent people to regenerate data that was there
 * while the real fault was a stopped server or a dropped connection.
 */

// Chromium, Firefox and Safari word a module that could not be fetched differently; Vite's own
// preload of a chunk's CSS throws the last one.
const MODULE_FAILED = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** A page file (a chunk of its code, fetched when first needed) could not be loaded. */
export function isModuleLoadError(err: unknown): boolean {
  return err instanceof Error && MODULE_FAILED.test(err.message);
}

/** The file name a failed module load names (`StandingCanvas-C_RizLjl.js`); null when it names none. */
export function failedModuleFile(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const url = /(?:https?:\/\/|\/)\S+?\.(?:m?js|css)\b/i.exec(err.message)?.[0];
  return url ? (url.split('/').pop() ?? null) : null;
}
