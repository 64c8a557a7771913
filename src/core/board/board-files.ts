import { createHash } from 'node:crypto';
import { ACTIVITY_STRIDE, CHUNK_ENTRIES, INDEX_FORMAT_PER, packKey, ROW_STRIDE, type BoardIndex, type IndexPeriod } from '../../shared/board-index.js';
import { PERIOD_TYPES, type WrittenEntry, type WrittenLeaderboardData } from '../../shared/data-file.js';
import { arrayPieces } from './array-pieces.js';
import { compactReviewWriter } from './review-pieces.js';

/**
 * Commits listed by the small periods that share a chunk, at most: about what a big period's
 * chunk of 100 entries holds (up to 20 commits each), so opening a row costs no more. A big
 * period's chunks hold more than 100 entries while their commits and reviews (see
 * REVIEWS_PER_COMMIT) stay within it.
 */
const PACK_COMMITS = 2_000;

/** One chunk file: its id (content hash) and its bytes (UTF-8, hashed and written as they are). */
export interface ChunkFile {
  id: string;
  bytes: Buffer;
}

/**
 * Splits a data file into the index and its chunks (see src/shared/board-index.ts). Yields the
 * chunks one at a time (so they need not all be held at once) and returns the index. The index
 * gives every entry its email and total score, and the chunks hold each commit as the data
 * file's row under the same `commit_columns` (spelled out as objects, the chunks of a 20-year
 * history were 41 MB, three times the data file, and writing them was a fifth of a refresh).
 */
export function* splitBoard(data: WrittenLeaderboardData, texts = rowTexts(data)): Generator<ChunkFile, BoardIndex> {
  const emails = new Map(Object.entries(data.emails));
  const people: [string, string][] = [];
  const personIds = new Map<string, Map<string, number>>();
  const notes: string[] = [];
  const noteIds = new Map<string, number>();
  const person = (name: string, email: string): number => {
    let byEmail = personIds.get(name);
    if (!byEmail) personIds.set(name, (byEmail = new Map()));
    let id = byEmail.get(email);
    if (id === undefined) {
      byEmail.set(email, (id = people.length));
      people.push([name, email]);
    }
    return id;
  };
  const note = (text: string | undefined): number => {
    if (text === undefined || text === '') return -1;
    let id = noteIds.get(text);
    if (id === undefined) {
      noteIds.set(text, (id = notes.length));
      notes.push(text);
    }
    return id;
  };
  const defaults = JSON.stringify(data.commit_defaults);
  const columns = JSON.stringify(data.commit_columns);
  const commitRows = localRows(data.commits.length);
  const reviewRows = localRows(data.reviews?.length ?? 0);
  const noReviews: number[] = [];
  /** Boards with review data: the chunk's compact `review_pulls` and `reviews` rows and `entry_reviews`, as JSON members ('' otherwise). */
  const reviewsOf = (entries: readonly WrittenEntry[]): string => {
    if (!data.reviews) return '';
    const { used, refs } = reviewRows(entries.map((e) => e.reviews ?? noReviews));
    return `,${[...texts.compactReviews(used)].join('')},"entry_reviews":${JSON.stringify(refs)}`;
  };
  /** The chunk file of these entries' commits (each listed once, in the table's newest-first order). */
  const chunkOf = (entries: readonly WrittenEntry[]): ChunkFile => {
    const { used, refs } = commitRows(entries.map((e) => e.commits));
    // Encoded once: hashing the text and writing it encoded it twice.
    const bytes = Buffer.from(`{"commit_defaults":${defaults},"commit_columns":${columns},"commits":[${Array.from(used, texts.commit).join(',')}],"entries":${JSON.stringify(refs)}${reviewsOf(entries)}}\n`);
    return { id: createHash('sha1').update(bytes).digest('hex').slice(0, 16), bytes };
  };
  const periods = {} as BoardIndex['periods'];
  let fuller = false;
  for (const type of PERIOD_TYPES) {
    const list: IndexPeriod[] = [];
    // Small periods of one pack key, waiting for their shared chunk.
    let pack: { key: string; periods: IndexPeriod[]; entries: WrittenEntry[]; commits: number } | null = null;
    const closePack = function* (): Generator<ChunkFile> {
      if (!pack) return;
      const file = chunkOf(pack.entries);
      for (const p of pack.periods) p.chunks.push(file.id);
      pack = null;
      yield file;
    };
    for (const [label, entries] of Object.entries(data.leaderboards[type])) {
      // Made at their size: grown by push, they were 9 MB of garbage on the reviews bench.
      const rows = new Array<number>(entries.length * ROW_STRIDE);
      let at = 0;
      for (const e of entries) {
        const additional = e.additional_contribution_score ?? 0;
        rows[at++] = person(e.name, emails.get(e.name) ?? '');
        rows[at++] = e.total_commits;
        rows[at++] = e.significant_commits ?? 0;
        rows[at++] = e.commit_score;
        rows[at++] = e.total_score ?? e.commit_score + additional;
        rows[at++] = additional;
        rows[at++] = note(e.additional_contribution_notes);
        rows[at++] = e.co_authored_commits ?? 0;
        rows[at++] = e.co_authored_significant ?? 0;
      }
      const period: IndexPeriod = { label, rows, chunks: [] };
      if (data.reviews) {
        const activity = new Array<number>(entries.length * ACTIVITY_STRIDE);
        at = 0;
        for (const e of entries) {
          activity[at++] = e.review_count ?? 0;
          activity[at++] = e.review_score ?? 0;
          activity[at++] = e.issue_count ?? 0;
          activity[at++] = e.issue_score ?? 0;
        }
        period.activity = activity;
      }
      const shared = data.shared_commits?.[type]?.[label];
      if (shared) period.shared = shared;
      list.push(period);
      if (entries.length > CHUNK_ENTRIES || entries.length === 0) {
        yield* closePack();
        const per = entriesPerChunk(entries);
        if (per !== CHUNK_ENTRIES) {
          period.per = per;
          fuller = true;
        }
        for (let start = 0; start < entries.length; start += per) {
          const file = chunkOf(entries.slice(start, start + per));
          yield file;
          period.chunks.push(file.id);
        }
        continue;
      }
      const key = packKey(type, label);
      const commits = entries.reduce((n, e) => n + e.commits.length, 0);
      if (pack && (pack.key !== key || pack.commits + commits > PACK_COMMITS)) yield* closePack();
      pack ??= { key, periods: [], entries: [], commits: 0 };
      period.at = pack.entries.length;
      pack.periods.push(period);
      pack.entries.push(...entries);
      pack.commits += commits;
    }
    yield* closePack();
    periods[type] = list;
  }
  return {
    // Format 2 while no period needs 3, so a board older pages read is still written for them.
    format: fuller ? INDEX_FORMAT_PER : 2,
    last_updated: data.last_updated,
    total_commits_analyzed: data.total_commits_analyzed,
    analysis_period_days: data.analysis_period_days,
    metadata: data.metadata,
    people,
    notes,
    periods,
  };
}

/**
 * Listed reviews that weigh as much as one listed commit in a chunk: a review is ~26 bytes of a
 * chunk (its index, state letter, date and a share of its pull request's row), a commit row ~133
 * (the reviews bench's chunks). Counted as commits, reviews made the bench's months five chunk
 * files each where their bytes fill two, and each file costs a refresh more than its bytes do.
 */
const REVIEWS_PER_COMMIT = 5;

/**
 * Entries per chunk of a period with chunks of its own: the most, in steps of CHUNK_ENTRIES, that
 * keep each chunk's listed commits (and reviews, REVIEWS_PER_COMMIT to a commit) within
 * PACK_COMMITS (CHUNK_ENTRIES when even that many list more). A week of 300 reviewers listing a
 * few reviews each is one file instead of four.
 */
function entriesPerChunk(entries: readonly WrittenEntry[]): number {
  const slices: number[] = [];
  for (let start = 0; start < entries.length; start += CHUNK_ENTRIES) {
    let listed = 0;
    for (const e of entries.slice(start, start + CHUNK_ENTRIES)) listed += e.commits.length + (e.reviews?.length ?? 0) / REVIEWS_PER_COMMIT;
    slices.push(listed);
  }
  for (let m = slices.length; m > 1; m--) {
    let fits = true;
    for (let k = 0; k < slices.length && fits; k += m) fits = slices.slice(k, k + m).reduce((a, b) => a + b, 0) <= PACK_COMMITS;
    if (fits) return m * CHUNK_ENTRIES;
  }
  return CHUNK_ENTRIES;
}

/**
 * The rows a chunk's entries list, from one table (commits or reviews): `used`, each once in the
 * table's order, and each entry's list as indexes into it. One scratch array of the table's size
 * serves every chunk (a Set, a sort with a comparator and a Map per chunk took ~70 ms of the
 * reviews bench's 120,000 review references).
 */
function localRows(tableSize: number): (lists: readonly (readonly number[])[]) => { used: Int32Array; refs: number[][] } {
  const localOf = new Int32Array(tableSize);
  return (lists) => {
    let n = 0;
    for (const list of lists) n += list.length;
    const all = new Int32Array(n);
    n = 0;
    for (const list of lists) for (const t of list) all[n++] = t;
    all.sort();
    let kept = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i] as number;
    const used = all.subarray(0, kept);
    // Only the rows of `used` are read below, and each was just set.
    for (let i = 0; i < kept; i++) localOf[used[i] as number] = i;
    return { used, refs: lists.map((list) => list.map((t) => localOf[t] as number)) };
  };
}

/** The JSON text of each row of the data file's tables, by table index (see {@link rowTexts}). */
export interface RowTexts {
  commit: (t: number) => string;
  review: (t: number) => string;
  /** The compact `review_pulls` and `reviews` members (see review-pieces.ts) of these review rows. */
  compactReviews: (used: ArrayLike<number>) => Generator<string>;
}

/**
 * Each commit and review row's JSON text by table index. Made once and kept for the data file and
 * the chunks (a row is in three periods' chunks) below {@link TEXTS_MADE_EACH_TIME_FROM} rows; on
 * bigger boards, where memory comes first, made each time.
 */
export function rowTexts(data: WrittenLeaderboardData): RowTexts {
  let compact: RowTexts['compactReviews'] | undefined;
  return {
    commit: textsOf(data.commits),
    review: textsOf(data.reviews ?? []),
    compactReviews: (used) => (compact ??= compactReviewWriter(data.reviews ?? []))(used),
  };
}

/** Rows from which their texts are not kept (a 200,000-commit board's would be ~20 MB more at its peak). */
const TEXTS_MADE_EACH_TIME_FROM = 120_000;

function textsOf(rows: readonly unknown[]): (t: number) => string {
  const make = (t: number) => JSON.stringify(rows[t]);
  if (rows.length >= TEXTS_MADE_EACH_TIME_FROM) return make;
  const texts: (string | undefined)[] = new Array<string | undefined>(rows.length);
  return (t) => (texts[t] ??= make(t));
}

/** The data file's JSON text (as JSON.stringify gives it) in pieces: a million commits do not fit one string. */
export function* dataFilePieces(data: WrittenLeaderboardData, texts = rowTexts(data)): Generator<string> {
  let first = true;
  for (const [key, value] of Object.entries(data) as [string, unknown][]) {
    if (value === undefined) continue;
    yield `${first ? '{' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (key === 'commits' && Array.isArray(value)) {
      yield* arrayPieces(value.length, texts.commit);
    } else if (key === 'reviews' && Array.isArray(value)) {
      yield* arrayPieces(value.length, texts.review);
    } else if (key === 'leaderboards') {
      let firstType = true;
      for (const [type, periods] of Object.entries(value as Record<string, Record<string, unknown>>)) {
        yield `${firstType ? '{' : ','}${JSON.stringify(type)}:`;
        firstType = false;
        let firstLabel = true;
        for (const [label, entries] of Object.entries(periods)) {
          yield `${firstLabel ? '{' : ','}${JSON.stringify(label)}:${JSON.stringify(entries)}`;
          firstLabel = false;
        }
        yield firstLabel ? '{}' : '}';
      }
      yield firstType ? '{}' : '}';
    } else {
      yield JSON.stringify(value);
    }
  }
  yield first ? '{}\n' : '}\n';
}
