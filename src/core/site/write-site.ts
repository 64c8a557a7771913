import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expandCompactDataFile, isCompactVersion } from '../../shared/compact-data-file.js';
import { boardRepositories, DATA_FILE_SCHEMA_VERSION, describeDataFileError, parseLeaderboardData, type WrittenLeaderboardData } from '../../shared/data-file.js';
import { repoBoardPaths } from '../board/assemble.js';
import { writeIndexAndChunks } from '../board/write-board.js';
import { cspMetaContent, PUBLISHED_SITE, SITE_INDEX_META, SITE_MODE_META } from '../../shared/page-csp.js';
import { SITE_ADMIN_FILE, SITE_ADMIN_META, type SiteAdminConfig } from '../../shared/site-admin.js';
import type { StatusFile } from '../../shared/status-file.js';
import { LeaderboardError, withoutUrlCredentials } from '../errors.js';
import { dataDirPaths } from '../store/data-dir.js';
import { rebuildOwed } from '../rebuild.js';
import { manualBackupsDir } from '../store/manual-backups.js';
import { readTextIfExists } from '../store/files.js';
import { readStatus } from '../store/status.js';
import { WEB_ROOT } from '../package-root.js';
import { PACKAGE_NAME, TOOL_VERSION } from '../version.js';
import { emailHider, withoutEmails, type EmailHider } from './redact.js';
import { replaceDirectory } from './replace-dir.js';

/** The file that marks a directory as a site written here, so `--out` never replaces anything else. */
export const SITE_MARKER = '.leaderboard-site.json';

export interface SiteOptions {
  dataDir: string;
  /** Where the site goes; replaced whole. */
  outDir: string;
  /** Keep contributors' email addresses in the published data (default: left out). */
  emails?: boolean;
  /** The built page. Default: dist/web ({@link WEB_ROOT}). */
  webRoot?: string;
  /** Administer the site through GitHub (see src/core/site/site-admin.ts); null or absent: no Admin button. */
  admin?: SiteAdminConfig | null;
  /** Called once the new site is in place of the previous one (which is then removed). */
  onReplaced?: () => void;
}

export interface SiteResult {
  outDir: string;
  /** When the published data was made (the last refresh). */
  publishedAt: string;
  /** Bytes of the published data file. */
  dataBytes: number;
  emails: boolean;
  /** The repository the site's Admin button works on, or null when it has none. */
  adminRepository: string | null;
}

/**
 * Writes a self-contained static site to `outDir`: the page (with its CSP in a `<meta>`, and the
 * admin features through GitHub when `admin` is given, else none), the data file (without email addresses unless `emails`) and the status
 * file. Every URL in it is relative, so it can be served from any path. Everything is checked
 * before anything is written, and the previous site is replaced only once the new one is whole.
 */
export async function writeSite(opts: SiteOptions): Promise<SiteResult> {
  const paths = dataDirPaths(opts.dataDir);
  const webRoot = opts.webRoot ?? WEB_ROOT;
  const outDir = path.resolve(opts.outDir);
  await refuseForeignOut(outDir, path.resolve(opts.dataDir));
  const index = await readTextIfExists(path.join(webRoot, 'index.html'));
  if (index === null) throw new LeaderboardError('NO_DATA', `The page is not built: ${path.join(webRoot, 'index.html')} is missing.`, `Reinstall ${PACKAGE_NAME} (npm install -g ${PACKAGE_NAME}), or run \`npm run build\` in its checkout.`);
  // One hider for every board of the site: a person hidden behind a stand-in has the same one in each.
  const hide = opts.emails ? null : emailHider();
  const data = await publishableData(paths.data, hide);
  const status = await freshStatus(paths.status, data.lastUpdated);
  // A save whose rebuild did not happen (a full disk, a kill in between) left the board behind the files.
  if (await rebuildOwed(paths.dir)) {
    throw new LeaderboardError('NO_DATA', `The leaderboard data in ${paths.dir} is behind what was saved beside it (a manual contribution or an AI override not rebuilt yet, or a refresh cut off).`,
      'Run `leaderboard refresh` (or `leaderboard build` without --no-refresh), then build again.');
  }
  // Each repository's own board, for the page's repository selector (several repositories only).
  const names = boardRepositories((JSON.parse(data.text) as { metadata?: Record<string, unknown> }).metadata ?? {}).map((r) => r.name);
  const repoBoards: { name: string; data: { text: string; lastUpdated: string } }[] = [];
  // In turn, after the whole board (which names everyone): the stand-ins are given in the order met.
  if (names.length > 1) for (const name of names) repoBoards.push({ name, data: await publishableData(repoBoardPaths(paths, name).data, hide) });

  await replaceDirectory(outDir, async (dir) => {
    await copyPage(webRoot, dir);
    // A big board is also published as the index and chunks the page reads (see
    // src/shared/board-index.ts); a small one, or a data file of another shape (another tool's,
    // or an earlier version's not refreshed since), is read whole.
    const published = data.text.length >= SITE_INDEX_MIN_CHARS ? builtBoardOf(JSON.parse(data.text)) : null;
    const withIndex = published !== null;
    await writeFile(path.join(dir, 'index.html'), publishedIndex(index, withIndex, opts.admin ?? null));
    if (opts.admin) await writeFile(path.join(dir, SITE_ADMIN_FILE), `${JSON.stringify(opts.admin, null, 2)}\n`);
    await writeFile(path.join(dir, 'leaderboard-data.json'), data.text);
    if (published && withIndex) {
      await writeIndexAndChunks({ index: path.join(dir, 'leaderboard-index.json'), chunks: path.join(dir, 'leaderboard-chunks') }, published);
    }
    for (const board of repoBoards) {
      const where = path.join(dir, 'leaderboard-repos', board.name);
      await mkdir(where, { recursive: true });
      await writeFile(path.join(where, 'leaderboard-data.json'), board.data.text);
      // The page reads every board the way the site's marker says: with the index when it is on.
      const own = withIndex ? builtBoardOf(JSON.parse(board.data.text)) : null;
      if (own) await writeIndexAndChunks({ index: path.join(where, 'leaderboard-index.json'), chunks: path.join(where, 'leaderboard-chunks') }, own);
    }
    await writeFile(path.join(dir, 'last-update.json'), `${JSON.stringify(status, null, 2)}\n`);
    await writeFile(path.join(dir, SITE_MARKER), `${JSON.stringify({ tool: PACKAGE_NAME, version: TOOL_VERSION, publishedAt: status.timestamp, emails: Boolean(opts.emails) }, null, 2)}\n`);
  }, opts.onReplaced);
  return { outDir, publishedAt: status.timestamp, dataBytes: Buffer.byteLength(data.text), emails: Boolean(opts.emails), adminRepository: opts.admin?.repository ?? null };
}

/**
 * Copies the built page by content, so the site's files get this user's usual modes. The package
 * may be read-only (a Nix store, an image made with `chmod -R a-w`), and fs.cp kept its modes: a
 * user other than root could not write index.html over its copy, nor remove the half-made site.
 */
async function copyPage(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) await copyPage(source, path.join(to, entry.name));
    else await writeFile(path.join(to, entry.name), await readFile(source));
  }
}

/**
 * The board as built (the schema_version 3 tables the index and chunks are made from) of a data
 * file this version writes (schema_version 4, or 5 with reviews) or wrote (3); null for older shapes.
 */
function builtBoardOf(json: unknown): WrittenLeaderboardData | null {
  const version = (json as { schema_version?: unknown }).schema_version;
  if (isCompactVersion(version)) return expandCompactDataFile(json as Record<string, unknown>);
  return version === DATA_FILE_SCHEMA_VERSION ? json as WrittenLeaderboardData : null;
}

/** Data files from this size on are published with the index and chunks: parsing them whole takes the page seconds. */
const SITE_INDEX_MIN_CHARS = 4 * 1024 * 1024;

/**
 * The page's index.html with the CSP and the published-site marker (and the index and admin
 * markers) at the top of its head. A site administered through GitHub may fetch from the API's
 * origin and nowhere else.
 */
export function publishedIndex(index: string, withIndex = false, admin: SiteAdminConfig | null = null): string {
  const apiOrigin = admin ? new URL(admin.apiUrl).origin : null;
  const metas = `<meta http-equiv="Content-Security-Policy" content="${cspMetaContent(apiOrigin ? [apiOrigin] : [])}" />`
    + `<meta name="${SITE_MODE_META}" content="${PUBLISHED_SITE}" />`
    + (withIndex ? `<meta name="${SITE_INDEX_META}" content="1" />` : '')
    + (apiOrigin ? `<meta name="${SITE_ADMIN_META}" content="${apiOrigin}" />` : '');
  // After the charset declaration, which must come first; before any script.
  const anchor = /<meta charset[^>]*>/i.test(index) ? /<meta charset[^>]*>/i : /<head>/i;
  if (!anchor.test(index)) throw new LeaderboardError('INTERNAL', 'The built index.html has no <head>.');
  return index.replace(anchor, (found) => `${found}${metas}`);
}

/** The data file as it will be published: read and validated, emails left out by `hide` (null: kept, as asked). */
async function publishableData(file: string, hide: EmailHider | null): Promise<{ text: string; lastUpdated: string }> {
  const text = await readTextIfExists(file);
  if (text === null) {
    throw new LeaderboardError('NO_DATA', `There is no leaderboard data to publish: ${file} is missing.`, 'Run `leaderboard build` without --no-refresh, or `leaderboard refresh` first.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
    parseLeaderboardData(json);
  } catch (err) {
    throw new LeaderboardError('INVALID_DATA_FILE', `${file} cannot be published: ${describeDataFileError(err)}`, 'Run `leaderboard refresh` to write it again.');
  }
  const lastUpdated = (json as { last_updated: string }).last_updated;
  return { text: hide ? JSON.stringify(withoutEmails(json, hide)) : text, lastUpdated };
}

/**
 * The status to publish. A refresh that failed after the data file was written leaves that file
 * stale, so it is an error; a data directory with no status file yet (made by an older version)
 * publishes the data file's own time.
 */
async function freshStatus(file: string, lastUpdated: string): Promise<StatusFile> {
  const status = await readStatus(file);
  if (status && !status.success) {
    throw new LeaderboardError('NO_DATA', `The last refresh failed, so the leaderboard data is stale: ${asSentence(status.error ?? 'unknown error')}`, 'Fix that and run `leaderboard build` again (without --no-refresh).');
  }
  // A status written before its AI errors were redacted may hold a URL's credentials.
  const ai = status?.ai ? { ...status.ai, ...(status.ai.error ? { error: withoutUrlCredentials(status.ai.error) } : {}) } : undefined;
  return { success: true, timestamp: status?.timestamp ?? lastUpdated, latestCommit: status?.latestCommit ?? null, ...(ai ? { ai } : {}) };
}

/**
 * `text` ending as a sentence: with a period added unless it ends in one (or in `!` or `?`). A
 * recorded error ends as it was written, often in a period already ("...: not valid JSON (Expected
 * ... at position 61)."), and a second one was added to it.
 */
export function asSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** `--out` may be new, empty, or an earlier site; never the data directory or anything holding it. */
async function refuseForeignOut(outDir: string, dataDir: string): Promise<void> {
  const hint = 'Pass --out with a new or empty directory, or one an earlier `leaderboard build` wrote.';
  if (dataDir === outDir || dataDir.startsWith(`${outDir}${path.sep}`)) {
    throw new LeaderboardError('INVALID_INPUT', `--out ${outDir} holds the data directory; the site would replace it.`, hint);
  }
  // Inside the data directory only a folder of its own (the default is <data-dir>/site): a refresh
  // rewrites the generated folders (the chunks, parts, mirrors, each repository's board, the
  // backups) and deleted a site built into one without a word.
  if (outDir.startsWith(`${dataDir}${path.sep}`)) {
    const paths = dataDirPaths(dataDir);
    const top = path.join(dataDir, path.relative(dataDir, outDir).split(path.sep)[0] as string);
    const generated = [paths.chunks, paths.repoBoards, paths.parts, paths.mirrors, manualBackupsDir(paths)];
    if (top === paths.manual || top === paths.overrides) {
      throw new LeaderboardError('INVALID_INPUT', `--out ${outDir} ${outDir === top ? 'is' : 'is inside'} ${path.basename(top)}, which you keep by hand; the site would overwrite it.`, `${hint} The default, ${path.join(dataDir, 'site')}, is one.`);
    }
    if (generated.includes(top) || Object.values(paths).includes(top)) {
      // Not "inside" itself: --out may name the folder (or file) of the board's own.
      const where = outDir === top ? 'is itself written by the leaderboard' : `is inside ${top}, which the leaderboard writes`;
      throw new LeaderboardError('INVALID_INPUT', `--out ${outDir} ${where}; a refresh would delete the site.`, `${hint} The default, ${path.join(dataDir, 'site')}, is one.`);
    }
  }
  let entries: string[];
  try {
    if (!(await stat(outDir)).isDirectory()) throw new LeaderboardError('INVALID_INPUT', `--out ${outDir} is a file, not a directory.`, hint);
    entries = await readdir(outDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (entries.length > 0 && !entries.includes(SITE_MARKER)) {
    throw new LeaderboardError('INVALID_INPUT', `--out ${outDir} is not empty and was not written by \`leaderboard build\` (no ${SITE_MARKER}): replacing it would delete its files.`, hint);
  }
}

