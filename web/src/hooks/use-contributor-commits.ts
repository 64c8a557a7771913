import { useCallback, useEffect, useMemo, useState } from 'react';
import { PERIOD_TYPES, type Commit, type PeriodType } from '../../../src/shared/data-file.js';
import type { Board } from '../lib/board.js';
import type { PeriodStanding } from '../lib/standings.js';

/** Commits shown at first on a contributor's page, and added by each 'Show more'. */
export const COMMITS_PER_PAGE = 20;
/** Most periods whose commits are fetched at once (their chunk files load in parallel). */
const MAX_PERIODS_PER_LOAD = 40;
const NONE: ReadonlySet<string> = new Set();

/** A contributor's commits across all periods, newest first, as far as they are loaded. */
export interface ContributorCommits {
  /** The commits to show (the first pages). */
  commits: readonly Commit[];
  /** Commits their entries count (co-authored ones included), listed or not. */
  total: number;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  hasMore: boolean;
  /** A period listed fewer commits than it counted: the data keeps only the newest of each. */
  truncated: boolean;
  /** Shows the next page (loading its periods), or retries after an error. */
  loadMore: () => void;
}

interface Loaded {
  commits: Commit[];
  /** Periods (of `periods`, newest first) read so far. */
  next: number;
  truncated: boolean;
  error: string | null;
}

const START: Loaded = { commits: [], next: 0, truncated: false, error: null };

/**
 * Every period holds each commit once, so the finest type with periods has them all, each period's
 * entry listing its newest (20 by default).
 */
function sourceType(board: Board): PeriodType {
  return PERIOD_TYPES.find((t) => board.labels[t].length > 0) ?? 'weekly';
}

async function periodCommits(board: Board, type: PeriodType, label: string, name: string): Promise<Commit[]> {
  const loader = board.commitLoader(type, label);
  if (loader) return loader(name);
  return board.entries(type, label).find((e) => e.name === name)?.commits ?? [];
}

/**
 * Loads `name`'s commits page by page, newest period first, reading only the periods (and so the
 * chunk files) a page needs: the first page of the busiest contributor of a 200,000-commit history
 * reads one or two weeks, never the whole history.
 */
export function useContributorCommits(board: Board, name: string): ContributorCommits {
  const type = sourceType(board);
  const periods = useMemo<PeriodStanding[]>(
    () => board.standings(type, name, NONE).filter((s) => s.total_commits > 0).reverse(),
    [board, type, name],
  );
  const total = useMemo(() => periods.reduce((n, p) => n + p.total_commits, 0), [periods]);
  const [wanted, setWanted] = useState(COMMITS_PER_PAGE);
  const [loaded, setLoaded] = useState<Loaded>(START);
  const [seen, setSeen] = useState(periods);
  if (seen !== periods) {
    // Another contributor or new data: start over (adjusting state while rendering).
    setSeen(periods);
    setWanted(COMMITS_PER_PAGE);
    setLoaded(START);
  }

  const have = loaded.commits.length;
  const { next } = loaded;
  const needsMore = have < wanted && next < periods.length && loaded.error === null;
  useEffect(() => {
    // A load cut short (Show more clicked meanwhile, another contributor) is dropped; the next
    // one asks again, and the board fetches each chunk file once.
    if (!needsMore) return;
    let live = true;
    // Enough periods, by the commits their entries count, to fill the page in one parallel load.
    const batch: PeriodStanding[] = [];
    let expected = have;
    for (let i = next; i < periods.length && expected < wanted && batch.length < MAX_PERIODS_PER_LOAD; i++) {
      const p = periods[i] as PeriodStanding;
      batch.push(p);
      expected += p.total_commits;
    }
    Promise.all(batch.map((p) => periodCommits(board, type, p.label, name))).then(
      (lists) => {
        if (!live) return;
        setLoaded((s) => ({
          commits: s.commits.concat(...lists),
          next: s.next + batch.length,
          truncated: s.truncated || lists.some((list, i) => list.length < (batch[i] as PeriodStanding).total_commits),
          error: null,
        }));
      },
      (err: unknown) => {
        if (live) setLoaded((s) => ({ ...s, error: err instanceof Error ? err.message : String(err) }));
      },
    );
    return () => { live = false; };
  }, [needsMore, have, next, periods, wanted, board, type, name]);

  const loadMore = useCallback(() => {
    if (loaded.error !== null) setLoaded((s) => ({ ...s, error: null }));
    else setWanted((w) => w + COMMITS_PER_PAGE);
  }, [loaded.error]);

  const commits = loaded.commits.length > wanted ? loaded.commits.slice(0, wanted) : loaded.commits;
  const status = loaded.error !== null ? 'error' : needsMore ? 'loading' : 'ready';
  const hasMore = loaded.commits.length > wanted || loaded.next < periods.length;
  return { commits, total, status, error: loaded.error, hasMore, truncated: loaded.truncated, loadMore };
}
