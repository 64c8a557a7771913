import { COMMIT_COLUMNS, type CommitExtras, type CommitRow } from '../shared/commit-rows.js';
import {
  DATA_FILE_SCHEMA_VERSION,
  PERIOD_TYPES,
  SIGNIFICANT_THRESHOLD,
  type PeriodType,
  type WrittenEntry,
  type WrittenLeaderboardData,
} from '../shared/data-file.js';
import { HEURISTIC_AI_SOURCE } from '../shared/ai-part.js';
import type { ReviewRow } from '../shared/review-rows.js';
import type { SharedCommits } from '../shared/shared-commits.js';
import type { CreditSettings } from '../shared/credit.js';
import type { ManualContributionsFile } from '../shared/manual-contributions.js';
import { activityBuckets, activityMetadata, type BoardActivity } from './board/activity-buckets.js';
import { tableRows } from './board/review-pieces.js';
import { sharedGroups } from './board/shared-groups.js';
import { entry, loginsOf, written, type Bucket, type DraftEntry } from './board/entries.js';
import { isBot } from './bots.js';
import type { LeaderboardConfig } from './config.js';
import { planCredit, type CreditPlan } from './credit/index.js';
import { LeaderboardError } from './errors.js';
import { applyIdentities } from './identity/identities.js';
import { contributionsInPeriod } from './manual-contributions.js';
import { periodLabels } from './periods.js';
import type { ScoredCommit } from './types.js';

/** Options of {@link buildLeaderboardData}. */
export interface BuildOptions {
  /** Written as `last_updated`. */
  now: Date;
  analysisPeriodDays: number;
  /** Commits listed per entry, newest first. */
  commitsPerEntry: number;
  bots: LeaderboardConfig['bots'];
  /** Copied into `metadata`, with `totalContributors` added. */
  metadata: Record<string, unknown>;
  /**
   * Co-author and revert rules (see core/credit); when given they are recorded in
   * `metadata.credit` with their counts. Default: the config's defaults.
   */
  credit?: CreditSettings;
  /** Aliases merged into one person (config `identities`); noreply addresses are merged always. Default {}. */
  identities?: LeaderboardConfig['identities'];
  /**
   * The repositories the commits come from, listed in `metadata.repositories` (sorted by name);
   * each commit's `repo` names one. Absent: no list, and commits carry no repository.
   */
  repositories?: { name: string; url: string | null; head: string | null; commits: number }[];
  /**
   * GitHub activity linked to contributors (see board/activity-buckets.ts): entries gain review
   * and issue numbers, the file a `reviews` table and `metadata.activity`. Absent: commits only,
   * and the file is exactly as before activity existed.
   */
  activity?: BoardActivity;
  /**
   * With several repositories: `metadata.repositoryShares`, each person's commits and points per
   * repository (see repositoryShares). Default false.
   */
  repositoryShares?: boolean;
}


/** Plain Unicode code-point order (not locale-aware, not UTF-16 code units). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    const cx = x.value.codePointAt(0) ?? 0;
    const cy = y.value.codePointAt(0) ?? 0;
    if (cx !== cy) return cx - cy;
  }
}

/** What {@link compareEntries} orders by. */
export interface Ranked {
  total_score: number;
  total_commits: number;
  name: string;
}

/** Leaderboard order: total_score desc, then total_commits desc, then name. */
export function compareEntries(a: Ranked, b: Ranked): number {
  return b.total_score - a.total_score || b.total_commits - a.total_commits || compareCodePoints(a.name, b.name);
}

/**
 * A commit's row (see shared/commit-rows.ts), kept small (the file must stay under 300 bytes per
 * analysed commit on big histories): zero exclusions, the default AI source and repository, and
 * whole-second milliseconds are left out, and so is the heuristic's reason, which only restates
 * its formula (the cache keeps it). The trailing fields go in COMMIT_EXTRAS order.
 */
function toRow(c: ScoredCommit, defaults: { source: string; repo: string | undefined }, credit: CreditPlan): CommitRow {
  const { loc, files, keyword, ai, ai_source, ai_reason, ai_fallback, ai_override } = c.scores;
  const row: CommitRow = [c.hash, c.date.replace(/\.000Z$/, 'Z'), c.subject, c.stats.files, c.stats.insertions, c.stats.deletions, loc, files, keyword, ai];
  const extras: CommitExtras = {};
  let some = false;
  const set = <K extends keyof CommitExtras>(key: K, value: CommitExtras[K]): void => {
    extras[key] = value;
    some = true;
  };
  if (c.stats.excluded_files > 0) set('stats.excluded_files', c.stats.excluded_files);
  if (c.stats.excluded_lines > 0) set('stats.excluded_lines', c.stats.excluded_lines);
  if (ai_source !== defaults.source) set('scores.ai_source', ai_source);
  // A fallback's reason says what the estimate saw in place of the model's answer: worth the bytes.
  if (ai_reason !== undefined && (ai_source !== HEURISTIC_AI_SOURCE || ai_fallback !== undefined)) set('scores.ai_reason', ai_reason);
  if (ai_fallback !== undefined) set('scores.ai_fallback', ai_fallback);
  if (ai_override !== undefined) set('scores.ai_override', ai_override);
  const links = credit.links(c);
  // Written so that any reader takes the cancelled score, not the parts' sum.
  if (links.cancelled) set('scores.total', 0);
  if (c.repo !== undefined && c.repo !== defaults.repo) set('repo', c.repo);
  if (links.co_authors) set('co_authors', links.co_authors);
  if (links.reverted_by) set('reverted_by', links.reverted_by);
  if (links.revert_of) set('revert_of', links.revert_of);
  if (some) row.push(extras);
  return row;
}

/**
 * The value most rows of the table share, left out of them (`provider:model` repeated on every
 * row of an AI-scored history cost about 35 bytes a commit; so would a repository's name);
 * `fallback` when the table is empty.
 */
function commonest(sorted: ScoredCommit[], tableIndex: ArrayLike<number>, of: (c: ScoredCommit) => string, fallback: string): string {
  const counts = new Map<string, number>();
  for (let i = 0; i < sorted.length; i++) {
    if (tableIndex[i] === -1) continue;
    const value = of(sorted[i] as ScoredCommit);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  let best = fallback;
  let most = 0;
  for (const [value, n] of counts) if (n > most || (n === most && value < best)) [best, most] = [value, n];
  return best;
}

/** Non-bot commits, each hash once, sorted newest first (then by hash), and their times in ms. */
function analysedCommits(commits: ScoredCommit[], bots: LeaderboardConfig['bots']): { sorted: ScoredCommit[]; ms: Float64Array } {
  // author -> email -> bot; two levels avoid building a key string per commit.
  const botCache = new Map<string, Map<string, boolean>>();
  const seen = new Set<string>();
  const kept: ScoredCommit[] = [];
  const times: number[] = [];
  for (const commit of commits) {
    if (seen.has(commit.hash)) continue;
    seen.add(commit.hash);
    let byEmail = botCache.get(commit.author);
    if (!byEmail) botCache.set(commit.author, (byEmail = new Map()));
    let bot = byEmail.get(commit.email);
    if (bot === undefined) byEmail.set(commit.email, (bot = isBot(commit.author, commit.email, bots)));
    if (bot) continue;
    const ms = Date.parse(commit.date);
    if (Number.isNaN(ms)) throw new LeaderboardError('INVALID_INPUT', `Commit ${commit.hash} has an invalid date "${commit.date}"`);
    kept.push(commit);
    times.push(ms);
  }
  const compare = (a: number, b: number): number => {
    const byTime = (times[b] as number) - (times[a] as number);
    if (byTime !== 0) return byTime;
    const ha = (kept[a] as ScoredCommit).hash;
    const hb = (kept[b] as ScoredCommit).hash;
    return ha < hb ? -1 : ha > hb ? 1 : 0;
  };
  // git log already lists commits newest first, so the sort is usually skipped.
  let inOrder = true;
  for (let i = 1; i < kept.length && inOrder; i++) inOrder = compare(i - 1, i) <= 0;
  if (inOrder) return { sorted: kept, ms: Float64Array.from(times) };
  const order = Array.from(kept.keys()).sort(compare);
  return { sorted: order.map((i) => kept[i] as ScoredCommit), ms: Float64Array.from(order, (i) => times[i] as number) };
}

/**
 * `{ person: { repository: [commits, points] } }` over the analysed commits (bots left out, each
 * commit once, in the repository it is listed under), credited as the entries credit them, so a
 * person's shares add up to their commits and points. Summed from each repository's own board, a
 * commit two repositories share (a fork and its origin) was counted in both: one commit read as
 * two, and half of its points in each.
 */
function repositoryShares(sorted: ScoredCommit[], credit: CreditPlan): Record<string, Record<string, [number, number]>> {
  // person -> repository -> [commits, points in hundredths]
  const shares = new Map<string, Map<string, [number, number]>>();
  for (const commit of sorted) {
    const repo = commit.repo ?? '';
    for (const share of credit.shares(commit)) {
      let person = shares.get(share.name);
      if (!person) shares.set(share.name, (person = new Map()));
      const sum = person.get(repo);
      if (sum) {
        sum[0] += 1;
        sum[1] += share.cents;
      } else {
        person.set(repo, [1, share.cents]);
      }
    }
  }
  // fromEntries: a person named __proto__ is a key, not the object's prototype. Repositories in
  // the order the board takes its parts.
  return Object.fromEntries([...shares.keys()].sort(compareCodePoints).map((name) => [name,
    Object.fromEntries([...(shares.get(name) as Map<string, [number, number]>)]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([repo, [commits, cents]]) => [repo, [commits, cents / 100]]))]));
}

type PeriodBuckets = Map<string, Bucket>;
const DAY_MS = 86_400_000;

/**
 * Groups commit indexes by period type, label and author; commits arrive newest first. Commits
 * credited to several people are also listed in `shared` by period type and label.
 */
function bucketize(sorted: ScoredCommit[], ms: Float64Array, credit: CreditPlan, shared: Record<PeriodType, Map<string, number[]>>): Record<PeriodType, Map<string, PeriodBuckets>> {
  const groups: Record<PeriodType, Map<string, PeriodBuckets>> = { weekly: new Map(), monthly: new Map(), quarterly: new Map() };
  // Each day's three lists of shared commits, as its periods.
  const sharedByDay = new Map<number, number[][]>();
  // Labels depend on the UTC day only, so each day's three periods are looked up once.
  const byDay = new Map<number, PeriodBuckets[]>();
  for (let index = 0; index < sorted.length; index++) {
    const commit = sorted[index] as ScoredCommit;
    const day = Math.floor((ms[index] as number) / DAY_MS);
    let periods = byDay.get(day);
    if (!periods) {
      const labels = periodLabels(new Date(day * DAY_MS));
      periods = PERIOD_TYPES.map((type) => {
        let period = groups[type].get(labels[type]);
        if (!period) groups[type].set(labels[type], (period = new Map()));
        return period;
      });
      byDay.set(day, periods);
    }
    const significant = credit.total(commit) >= SIGNIFICANT_THRESHOLD ? 1 : 0;
    const shares = credit.shares(commit);
    if (shares.length > 1) {
      let lists = sharedByDay.get(day);
      if (!lists) {
        const labels = periodLabels(new Date(day * DAY_MS));
        lists = PERIOD_TYPES.map((type) => {
          let list = shared[type].get(labels[type]);
          if (!list) shared[type].set(labels[type], (list = []));
          return list;
        });
        sharedByDay.set(day, lists);
      }
      for (const list of lists) list.push(index);
    }
    // Index loops: iterators here were ~8 MB of garbage on a 20,000-commit board.
    for (let p = 0; p < periods.length; p++) {
      const period = periods[p] as PeriodBuckets;
      for (let s = 0; s < shares.length; s++) {
        const share = shares[s] as (typeof shares)[number];
        let bucket = period.get(share.name);
        if (!bucket) period.set(share.name, (bucket = { name: share.name, commits: [], significant: 0, score: 0 }));
        bucket.commits.push(index);
        bucket.score += share.cents;
        bucket.significant += significant;
        if (share.coAuthor) {
          bucket.coAuthored ??= { commits: 0, significant: 0 };
          bucket.coAuthored.commits += 1;
          bucket.coAuthored.significant += significant;
        }
      }
    }
  }
  return groups;
}

/**
 * Builds the data file (schema_version 3) from scored commits and the manual contributions.
 * Bots are left out; each commit counts in the weekly, monthly and quarterly period of its
 * author date (UTC); a contributor is the author name and their email is that of their newest
 * commit. Manual contributions add to the periods they overlap, and a contributor with manual
 * points but no commits there appears with zero commits; periods exist only where commits fall.
 * Every referenced commit is stored once in `commits` (newest first, then by hash), and every
 * contributor's email once in `emails` (each entry of a person would carry the same). Pure and
 * deterministic: the same input gives the same JSON apart from `last_updated`.
 */
export function buildLeaderboardData(input: ScoredCommit[], manual: ManualContributionsFile, opts: BuildOptions): WrittenLeaderboardData {
  const commits = applyIdentities(input, opts.identities ?? {});
  const { sorted, ms } = analysedCommits(commits, opts.bots);
  const credit = planCredit(commits, opts.credit, opts.bots);
  const newestEmail = new Map<string, string>();
  for (const commit of sorted) {
    // The author is always the first person credited.
    if (!newestEmail.has(commit.author)) newestEmail.set(commit.author, commit.email);
    if (commit.co_authors?.length) for (const person of credit.shares(commit)) if (!newestEmail.has(person.name)) newestEmail.set(person.name, person.email);
  }

  const sharedCommits: Record<PeriodType, Map<string, number[]>> = { weekly: new Map(), monthly: new Map(), quarterly: new Map() };
  const groups = bucketize(sorted, ms, credit, sharedCommits);
  const sharedOut: SharedCommits = {};
  const found = opts.activity ? activityBuckets(opts.activity) : null;
  const activity = found?.groups;
  // Sorted review index -> table index; -1 until an entry lists it.
  const reviewIndex = new Int32Array(found?.reviews.length ?? 0).fill(-1);
  // Sorted index -> table index; -1 until referenced by an entry.
  const tableIndex = new Int32Array(sorted.length).fill(-1);
  const contributors = new Map<string, string>();
  const leaderboards = {} as Record<PeriodType, Record<string, WrittenEntry[]>>;

  for (const type of PERIOD_TYPES) {
    const periods: Record<string, WrittenEntry[]> = {};
    // Periods exist where commits fall, and where activity does.
    const labels = activity ? new Set([...groups[type].keys(), ...activity[type].keys()]) : groups[type].keys();
    for (const label of [...labels].sort()) {
      const buckets = groups[type].get(label) ?? new Map<string, Bucket>();
      const acts = activity?.[type].get(label);
      const extra = contributionsInPeriod(manual, type, label);
      const entries: DraftEntry[] = [];
      // forEach, not for-of: the iterators' results were ~15 MB of garbage on the reviews bench.
      buckets.forEach((bucket) => {
        const add = extra.get(bucket.name);
        entries.push(entry(bucket, newestEmail.get(bucket.name) ?? '', add?.score ?? 0, add?.notes ?? '', opts.commitsPerEntry, acts?.get(bucket.name)));
      });
      // Reviews or issues and no commits: an entry with zero commits, like a manual-only one.
      acts?.forEach((act, name) => {
        if (buckets.has(name)) return;
        const add = extra.get(name);
        entries.push(entry({ name, commits: [], significant: 0, score: 0 }, newestEmail.get(name) ?? add?.email ?? '', add?.score ?? 0, add?.notes ?? '', opts.commitsPerEntry, act));
      });
      for (const [name, add] of extra) {
        // A score of 0 adds nothing to rank; such a record only annotates existing entries.
        if (buckets.has(name) || acts?.has(name) || add.score <= 0) continue;
        entries.push(entry({ name, commits: [], significant: 0, score: 0 }, newestEmail.get(name) ?? add.email ?? '', add.score, add.notes, opts.commitsPerEntry));
      }
      // Rank and tier follow from the order, so the file leaves them to the reader.
      entries.sort(compareEntries);
      for (let k = 0; k < entries.length; k++) {
        const e = entries[k] as DraftEntry;
        contributors.set(e.name, e.email);
        for (let j = 0; j < e.commits.length; j++) tableIndex[e.commits[j] as number] = 0;
        for (let j = 0; j < e.reviews.length; j++) reviewIndex[e.reviews[j] as number] = 0;
      }
      periods[label] = entries.map(written);
      const commitsShared = sharedCommits[type].get(label);
      if (commitsShared) {
        const position = new Map(entries.map((e, k) => [e.name, k]));
        const list = sharedGroups(commitsShared, (i) => credit.shares(sorted[i] as ScoredCommit), (i) => credit.total(sorted[i] as ScoredCommit) >= SIGNIFICANT_THRESHOLD, position);
        if (list.length > 0) (sharedOut[type] ??= {})[label] = list;
      }
    }
    leaderboards[type] = periods;
  }

  // The table keeps the global newest-first order, so each entry's indexes stay ascending.
  const table: CommitRow[] = [];
  const defaultSource = commonest(sorted, tableIndex, (c) => c.scores.ai_source, HEURISTIC_AI_SOURCE);
  const defaultRepo = opts.repositories ? commonest(sorted, tableIndex, (c) => c.repo ?? '', opts.repositories[0]?.name ?? '') : undefined;
  const defaults = { source: defaultSource, repo: defaultRepo };
  for (let i = 0; i < sorted.length; i++) {
    if (tableIndex[i] === -1) continue;
    tableIndex[i] = table.length;
    table.push(toRow(sorted[i] as ScoredCommit, defaults, credit));
  }
  for (const type of PERIOD_TYPES) {
    for (const entries of Object.values(leaderboards[type])) {
      // In place: each entry's list is its own (a slice of its bucket's).
      for (const e of entries) for (let j = 0; j < e.commits.length; j++) e.commits[j] = tableIndex[e.commits[j] as number] as number;
    }
  }
  // The reviews entries list, each once, newest first (so each entry's indexes stay ascending).
  let reviewTable: ReviewRow[] = [];
  if (found) {
    const used: number[] = [];
    for (let i = 0; i < found.reviews.length; i++) {
      if (reviewIndex[i] === -1) continue;
      reviewIndex[i] = used.length;
      used.push(i);
    }
    reviewTable = tableRows(found.reviews, Int32Array.from(used));
    for (const type of PERIOD_TYPES) {
      for (const entries of Object.values(leaderboards[type])) {
        for (const e of entries) if (e.reviews) for (let j = 0; j < e.reviews.length; j++) e.reviews[j] = reviewIndex[e.reviews[j] as number] as number;
      }
    }
  }
  // A person's email is the same in all their entries (that of their newest commit, else their
  // manual record's), so it is written once. fromEntries keeps a name like `__proto__` a key.
  const emails = Object.fromEntries([...contributors].filter(([, email]) => email !== '').sort((a, b) => compareCodePoints(a[0], b[0])));

  return {
    schema_version: DATA_FILE_SCHEMA_VERSION,
    last_updated: opts.now.toISOString(),
    total_commits_analyzed: sorted.length,
    analysis_period_days: opts.analysisPeriodDays,
    commit_defaults: { ai_source: defaultSource, ...(defaultRepo ? { repo: defaultRepo } : {}) },
    commit_columns: COMMIT_COLUMNS,
    commits: table,
    emails,
    ...(found ? { reviews: reviewTable } : {}),
    ...(opts.activity?.logins ? { logins: loginsOf([...contributors.keys()].sort(compareCodePoints), opts.activity.logins) } : {}),
    leaderboards,
    ...(Object.keys(sharedOut).length > 0 ? { shared_commits: sharedOut } : {}),
    metadata: {
      ...opts.metadata,
      ...(opts.repositoryShares ? { repositoryShares: repositoryShares(sorted, credit) } : {}),
      ...(opts.repositories ? { repositories: [...opts.repositories].sort((a, b) => compareCodePoints(a.name, b.name)) } : {}),
      totalContributors: contributors.size,
      ...(opts.credit ? { credit: { ...opts.credit, ...credit.counts(sorted) } } : {}),
      ...(opts.activity ? { activity: activityMetadata(opts.activity) } : {}),
    },
  };
}
