import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { recordsStatus, type ActivityStatus, type PartActivity } from '../activity.js';
import type { WrittenLeaderboardData } from '../../shared/data-file.js';
import { emptyManualContributions, type ManualContributionsFile } from '../../shared/manual-contributions.js';
import { applyOverrides, parseOverrides } from '../ai/override-file.js';
import type { LeaderboardConfig } from '../config.js';
import { windowEndFor } from '../board-window.js';
import type { HistorySpan } from '../git/history.js';
import { applyIdentities } from '../identity/identities.js';
import { manualUnderIdentities } from '../manual-contributions.js';
import { loginResolver } from '../identity/logins.js';
import { buildLeaderboardData, compareCodePoints } from '../leaderboards.js';
import { collectGarbage } from '../memory.js';
import type { DataDirPaths } from '../store/data-dir.js';
import type { ScoredCommit } from '../types.js';
import type { BoardActivity, NamedIssue } from './activity-buckets.js';
import { columnsOf, concatNamed, isColumns, namedSubset, Numbering } from './review-columns.js';
import { writeBoard, type BoardPaths } from './write-board.js';

/** One repository's share of a board: its scored commits in the window. */
export interface BoardPart {
  name: string;
  url: string | null;
  head: string | null;
  history: HistorySpan | null;
  commits: ScoredCommit[];
  /** Its GitHub activity (reviews, issue reports); absent or null when none was read. */
  activity?: PartActivity | null;
}

/** What {@link assembleBoard} needs besides the parts. */
export interface AssembleOptions {
  paths: DataDirPaths;
  manual: ManualContributionsFile;
  /** ai-overrides.json's text ('' when none). */
  overridesText: string;
  config: LeaderboardConfig;
  now: Date;
  analysisPeriodDays: number;
  /** The board's metadata (see metadataFor); each repository's board names its own repository. */
  metadata: Record<string, unknown>;
  /** Whether GitHub activity was read; absent: off (the board is commits only). */
  activityStatus?: ActivityStatus;
}

/** The folder of one repository's own board (the page's repository selector reads it). */
export function repoBoardPaths(paths: DataDirPaths, name: string): BoardPaths {
  const dir = path.join(paths.repoBoards, name);
  return { data: path.join(dir, 'leaderboard-data.json'), index: path.join(dir, 'leaderboard-index.json'), chunks: path.join(dir, 'leaderboard-chunks') };
}

/**
 * Builds and writes the board of all the parts (each commit tagged with its repository, the
 * repositories listed in the metadata), and with two repositories or more each repository's
 * own board too, under `leaderboard-repos/<name>/`: the page's repository selector shows those,
 * so its cards, chart, ranks and tiers are computed exactly as the whole board's. A
 * repository's board has no manual contributions, which belong to no repository. People are
 * named over all the repositories first, so a person has one name in every board. Its metadata
 * lists every repository, as the whole board's does; its commits all carry its name. The parts
 * are taken in name order, whatever order they come in: a merge of parts gives the bytes one
 * refresh of them all gives.
 */
export async function assembleBoard(parts: BoardPart[], o: AssembleOptions): Promise<WrittenLeaderboardData> {
  const ordered = [...parts].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const repositories = ordered.map((p) => ({ name: p.name, url: p.url, head: p.head, commits: p.commits.length }));
  let all: ScoredCommit[] = [];
  for (const part of ordered) {
    for (const c of part.commits) c.repo = part.name;
    all = all.length === 0 ? part.commits : all.concat(part.commits);
    if (ordered.length === 1) part.commits = [];
  }
  all = applyIdentities(applyOverrides(all, parseOverrides(o.overridesText, o.paths.overrides)), o.config.identities);
  const settings = { now: o.now, analysisPeriodDays: o.analysisPeriodDays, commitsPerEntry: o.config.commitsPerEntry, bots: o.config.bots, credit: o.config.credit };
  const activityOf = boardActivity(ordered, all, o);
  // No activity, yet a status to say (a token and no repository on GitHub): the board stays
  // commits-only, and its metadata tells the page why reviews are not counted.
  const metadata = !activityOf && recordsStatus(o.activityStatus)
    ? { ...o.metadata, activity: { status: o.activityStatus, points: { ...o.config.github.points }, reviews: 0, issues: 0 } }
    : o.metadata;
  const several = ordered.length > 1;
  if (several) {
    await mkdir(o.paths.repoBoards, { recursive: true });
    for (const part of ordered) {
      const own = all.filter((c) => c.repo === part.name);
      const board = buildLeaderboardData(own, emptyManualContributions(), {
        ...settings,
        repositories: [repositories.find((r) => r.name === part.name) as (typeof repositories)[number]],
        metadata: { ...metadata, head: part.head, history: part.history },
        ...(activityOf ? { activity: activityOf(part.name) } : {}),
      });
      // The whole list, so the page's selector offers every repository from any of the boards.
      board.metadata.repositories = [...repositories].sort((a, b) => compareCodePoints(a.name, b.name));
      const where = repoBoardPaths(o.paths, part.name);
      await mkdir(path.dirname(where.data), { recursive: true });
      await writeBoard(where, board);
      // Each repository's board is garbage once written; a big board's next one must not pile on it.
      collectGarbage(all.length);
    }
    const names = new Set(ordered.map((p) => p.name));
    for (const entry of await readdir(o.paths.repoBoards)) {
      if (!names.has(entry)) await rm(path.join(o.paths.repoBoards, entry), { recursive: true, force: true });
    }
  } else {
    await rm(o.paths.repoBoards, { recursive: true, force: true });
  }
  collectGarbage(all.length);
  // The shares come from the whole board's commits: a commit two repositories share (a fork and
  // its origin) is in both their boards, but is one commit of one repository here.
  const data = buildLeaderboardData(all.splice(0), manualUnderIdentities(o.manual, o.config.identities), { ...settings, repositories, metadata, repositoryShares: several, ...(activityOf ? { activity: activityOf(null) } : {}) });
  collectGarbage(data.commits.length);
  await writeBoard(o.paths, data);
  return data;
}

/**
 * The GitHub activity of the board (`null`: none) or of one repository's board, its records
 * linked to contributors over all the parts (see loginResolver); null when no part has any and
 * the status is off or absent, so such a board is exactly a commits-only board.
 */
function boardActivity(parts: BoardPart[], commits: ScoredCommit[], o: AssembleOptions): ((only: string | null) => BoardActivity) | null {
  const withActivity = parts.filter((p) => p.activity);
  const status = o.activityStatus ?? { state: 'off', reason: 'GitHub activity was not read.' };
  if (withActivity.length === 0 && status.state === 'off') return null;
  const resolve = loginResolver(commits, withActivity.map((p) => p.activity as PartActivity), o.config);
  // name -> login: the first in code-point order when several logins are one person.
  const logins = new Map<string, string>();
  const link = (login: string, name: string | null) => {
    const prev = name === null ? undefined : logins.get(name);
    if (name !== null && (prev === undefined || compareCodePoints(login, prev) < 0)) logins.set(name, login);
  };
  // Each person with activity, numbered once over all the parts (the reviews' `person`).
  const people = new Numbering();
  const names = people.list;
  const named = withActivity.map((p) => {
    const a = p.activity as PartActivity;
    const c = isColumns(a.reviews) ? a.reviews : columnsOf(a.reviews, a.repository);
    // Each login's person (-1: a bot or no one), worked out once per login rather than per review; -2 until then.
    const personOfLogin = new Int32Array(c.logins.length).fill(-2);
    const loginPerson = (l: number): number => {
      if (personOfLogin[l] === -2) {
        const name = resolve(c.logins[l] as string);
        personOfLogin[l] = name === null ? -1 : people.id(name);
      }
      return personOfLogin[l] as number;
    };
    const reviewed = new Uint8Array(c.logins.length);
    const keep: number[] = [];
    const person: number[] = [];
    for (let i = 0; i < c.length; i++) {
      const l = c.login[i] as number;
      reviewed[l] = 1;
      const who = loginPerson(l);
      const author = c.pulls.author[c.pull[i] as number] as number;
      // Not by someone other than the author: another account of the same person (identities, or GitHub's email answers).
      if (who === -1 || (author !== -1 && loginPerson(author) === who)) continue;
      keep.push(i);
      person.push(who);
    }
    for (let l = 0; l < c.logins.length; l++) if (reviewed[l]) link(c.logins[l] as string, personOfLogin[l] === -1 ? null : (names[personOfLogin[l] as number] as string));
    const issues: NamedIssue[] = [];
    for (const i of a.issues) {
      const name = resolve(i.login);
      if (name !== null) issues.push({ ...i, name, repo: a.repository });
      link(i.login, name);
    }
    for (const login of Object.values(a.emailLogins)) if (login !== null) link(login, resolve(login));
    return { part: p.name, reviews: namedSubset(c, Int32Array.from(keep), Int32Array.from(person), names), issues };
  });
  const start = typeof o.metadata.windowStart === 'string' ? new Date(o.metadata.windowStart) : null;
  return (only) => {
    const mine = only === null ? named : named.filter((n) => n.part === only);
    return {
      // One repository's reviews from the refresh are in the board's order; several are sorted together (see activityBuckets).
      reviews: concatNamed(mine.map((n) => n.reviews), names),
      issues: mine.flatMap((n) => n.issues),
      points: o.config.github.points,
      status,
      windowStart: start,
      windowEnd: windowEndFor(o.now),
      logins,
    };
  };
}
