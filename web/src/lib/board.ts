import {
  boardChunkSchema,
  ACTIVITY_STRIDE,
  chunkEntryCommits,
  chunkEntryReviews,
  chunkPlace,
  indexEntries,
  ROW_STRIDE,
  type BoardChunk,
  type BoardIndex,
  type IndexPeriod,
} from '../../../src/shared/board-index.js';
import type { Review } from '../../../src/shared/review-rows.js';
import { PERIOD_TYPES, type Commit, type ContributorEntry, type LeaderboardData, type PeriodType } from '../../../src/shared/data-file.js';
import { boardShowsReviews } from './activity.js';
import { buildTrendSeries, type TrendSeries } from './chart-series.js';
import { tallyPeriod, type PeriodCounts } from './summary.js';
import { compareLabels, sortLabelsAscending, sortLabelsDescending } from './periods.js';
import { entryStandings, indexStandings, type PeriodStanding } from './standings.js';

/**
 * What the dashboard reads, whichever file it came from: the whole data file (older data
 * directories, files of other tools) or the index with its chunks fetched on demand. Everything
 * is plain values or functions returning them; entries of a period are built once, when first
 * asked for, so a 1,000-week history costs nothing for the weeks nobody opens.
 */
export interface Board {
  last_updated: string;
  analysis_period_days: number;
  metadata: Record<string, unknown>;
  /** Period labels of each type, newest first. */
  labels: Record<PeriodType, string[]>;
  /** Every contributor name, sorted case-insensitively. */
  names: string[];
  /** About how many people the board has, known without reading its rows (at most a few more than `names`). */
  people: number;
  /** The ranked entries of one period ([] for an unknown one). With an index their commits come from {@link Board.commitLoader}. */
  entries: (type: PeriodType, label: string) => ContributorEntry[];
  /** The period's commits credited to several people, and to whom (see src/shared/shared-commits.ts); undefined when none are known. */
  shared: (type: PeriodType, label: string) => readonly number[] | undefined;
  /** Commits, significant, simple and contributors per period of a type, oldest first, without the hidden. */
  series: (type: PeriodType, hidden: ReadonlySet<string>) => TrendSeries;
  /** Where `name` stood in each period of a type they have an entry in, oldest first, without the hidden. */
  standings: (type: PeriodType, name: string, hidden: ReadonlySet<string>) => PeriodStanding[];
  /** Loads the listed commits of a contributor of one period; null when the entries carry them already. */
  commitLoader: (type: PeriodType, label: string) => ((name: string) => Promise<Commit[]>) | null;
  /** Loads the listed reviews of a contributor of one period; null when the entries carry them already. */
  reviewLoader: (type: PeriodType, label: string) => ((name: string) => Promise<Review[]>) | null;
  /** How many entries of these periods are still to be built before they can be shown (0 once built, or when the file had them). */
  unbuilt: (type: PeriodType, labels: readonly (string | null)[]) => number;
}

function memo<K, V>(make: (key: K) => V): ((key: K) => V) & { has: (key: K) => boolean } {
  const cache = new Map<K, V>();
  const get = (key: K): V => {
    if (cache.has(key)) return cache.get(key) as V;
    const value = make(key);
    cache.set(key, value);
    return value;
  };
  return Object.assign(get, { has: (key: K) => cache.has(key) });
}

/** A board over the whole data file (as parsed by parseLeaderboardData). */
export function boardFromData(data: LeaderboardData): Board {
  const names = new Set<string>();
  for (const type of PERIOD_TYPES) {
    for (const entries of Object.values(data.leaderboards[type])) for (const e of entries) names.add(e.name);
  }
  const labels = {} as Record<PeriodType, string[]>;
  for (const type of PERIOD_TYPES) labels[type] = sortLabelsDescending(Object.keys(data.leaderboards[type]));
  return {
    last_updated: data.last_updated,
    analysis_period_days: data.analysis_period_days,
    metadata: data.metadata,
    labels,
    names: [...names].sort(compareLabels),
    people: names.size,
    entries: (type, label) => data.leaderboards[type][label] ?? [],
    shared: (type, label) => sharedOf(data, type, label),
    series: (type, hidden) => buildTrendSeries(data.leaderboards[type], hidden, boardShowsReviews(data.metadata), data.shared_commits?.[type]),
    standings: (type, name, hidden) => entryStandings(data.leaderboards[type], name, hidden),
    commitLoader: () => null,
    reviewLoader: () => null,
    unbuilt: () => 0,
  };
}

function sharedOf(data: LeaderboardData, type: PeriodType, label: string): readonly number[] | undefined {
  const periods = data.shared_commits?.[type];
  return periods && Object.hasOwn(periods, label) ? periods[label] : undefined;
}

/**
 * A board over `leaderboard-index.json` (parsed by parseBoardIndex); `fetchChunk` gets a chunk's
 * parsed JSON by id. Chunks are fetched once each, when a row of theirs is opened.
 */
export function boardFromIndex(index: BoardIndex, fetchChunk: (id: string) => Promise<unknown>): Board {
  const byLabel = {} as Record<PeriodType, Map<string, IndexPeriod>>;
  const labels = {} as Record<PeriodType, string[]>;
  for (const type of PERIOD_TYPES) {
    byLabel[type] = new Map(index.periods[type].map((p) => [p.label, p]));
    labels[type] = sortLabelsDescending(byLabel[type].keys());
  }
  const ascending = {} as Record<PeriodType, string[]>;
  for (const type of PERIOD_TYPES) ascending[type] = [...labels[type]].reverse();
  // Only people some entry names (the people table has one per name and email). Read every row
  // of the index and sorted on first use (the filter's list), not before the first paint.
  let names: string[] | null = null;
  const allNames = (): string[] => {
    if (names) return names;
    const found = new Set<string>();
    for (const type of PERIOD_TYPES) {
      for (const p of index.periods[type]) for (let r = 0; r < p.rows.length; r += ROW_STRIDE) found.add((index.people[p.rows[r] as number] as [string, string])[0]);
    }
    names = [...found].sort(compareLabels);
    return names;
  };
  const entriesOf = memo((key: string) => {
    const [type, label] = splitKey(key);
    const period = byLabel[type].get(label);
    return period ? indexEntries(index, period) : [];
  });
  const chunks = new Map<string, Promise<BoardChunk>>();
  const chunk = (id: string): Promise<BoardChunk> => {
    let pending = chunks.get(id);
    if (!pending) {
      pending = fetchChunk(id).then((json) => boardChunkSchema.parse(json));
      // A failed fetch is tried again next time.
      pending.catch(() => chunks.delete(id));
      chunks.set(id, pending);
    }
    return pending;
  };
  /** A loader of one period's entries' part of their chunk (commits or reviews). */
  const fromChunks = <T>(type: PeriodType, label: string, read: (c: BoardChunk, entry: number) => T[]): ((name: string) => Promise<T[]>) | null => {
    const period = byLabel[type].get(label);
    if (!period) return null;
    const position = new Map(entriesOf(`${type}\n${label}`).map((e, i) => [e.name, i]));
    return async (name) => {
      const i = position.get(name);
      const place = i === undefined ? undefined : chunkPlace(period, i);
      if (!place) return [];
      return read(await chunk(place.id), place.entry);
    };
  };
  return {
    last_updated: index.last_updated,
    analysis_period_days: index.analysis_period_days,
    metadata: index.metadata,
    labels,
    get names() { return allNames(); },
    // The people table: one per name and email, so a person with two emails counts twice.
    people: index.people.length,
    entries: (type, label) => entriesOf(`${type}\n${label}`),
    shared: (type, label) => byLabel[type].get(label)?.shared,
    series: (type, hidden) => indexSeries(index, type, hidden, ascending[type], boardShowsReviews(index.metadata)),
    standings: (type, name, hidden) => indexStandings(index, type, name, hidden),
    commitLoader: (type, label) => fromChunks(type, label, chunkEntryCommits),
    reviewLoader: (type, label) => fromChunks(type, label, chunkEntryReviews),
    unbuilt: (type, wanted) => wanted.reduce((n, label) => {
      const period = label === null ? undefined : byLabel[type].get(label);
      return period && !entriesOf.has(`${type}\n${label}`) ? n + period.rows.length / ROW_STRIDE : n;
    }, 0),
  };
}

function splitKey(key: string): [PeriodType, string] {
  const nl = key.indexOf('\n');
  return [key.slice(0, nl) as PeriodType, key.slice(nl + 1)];
}

/** A period's index rows for {@link tallyPeriod}: the same numbers its entries have, without building them. */
function rowCounts(rows: readonly number[], hiddenPeople: ReadonlySet<number>): PeriodCounts {
  return {
    size: rows.length / ROW_STRIDE,
    hidden: hiddenPeople.size === 0 ? () => false : (i) => hiddenPeople.has(rows[i * ROW_STRIDE] as number),
    total: (i) => rows[i * ROW_STRIDE + 1] as number,
    significant: (i) => rows[i * ROW_STRIDE + 2] as number,
    simple: (i) => Math.max(0, (rows[i * ROW_STRIDE + 1] as number) - (rows[i * ROW_STRIDE + 2] as number)),
    coAuthored: (i) => rows[i * ROW_STRIDE + 7] as number,
    coAuthoredSignificant: (i) => rows[i * ROW_STRIDE + 8] as number,
  };
}

/** {@link buildTrendSeries} over the index's rows: the same sums, without building entries. */
export function indexSeries(index: BoardIndex, type: PeriodType, hidden: ReadonlySet<string>, ascending?: readonly string[], withReviews = false): TrendSeries {
  const series: TrendSeries = { labels: [], totalCommits: [], significantCommits: [], simpleCommits: [], contributors: [] };
  const reviews: number[] = [];
  const byLabel = new Map(index.periods[type].map((p) => [p.label, p]));
  const hiddenPeople = new Set<number>();
  if (hidden.size > 0) index.people.forEach(([name], i) => { if (hidden.has(name)) hiddenPeople.add(i); });
  for (const label of ascending ?? sortLabelsAscending(byLabel.keys())) {
    const { rows, activity, shared } = byLabel.get(label) as IndexPeriod;
    let reviewed = 0;
    if (activity) for (let r = 0; r < rows.length; r += ROW_STRIDE) if (!hiddenPeople.has(rows[r] as number)) reviewed += activity[(r / ROW_STRIDE) * ACTIVITY_STRIDE] as number;
    const t = tallyPeriod(rowCounts(rows, hiddenPeople), shared);
    reviews.push(reviewed);
    series.labels.push(label);
    series.totalCommits.push(t.total);
    series.significantCommits.push(t.significant);
    series.simpleCommits.push(t.simple);
    series.contributors.push(t.contributors);
  }
  return withReviews ? { ...series, reviews } : series;
}
