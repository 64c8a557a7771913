/**
 * The large synthetic histories of `BENCH_SHAPES=large npm run bench` (they take minutes each,
 * so the default run leaves them out), and the one-off 1,000,000-commit refresh
 * (`BENCH_SHAPES=million`); `BENCH_SHAPES=org` is the organisation board of org.ts.
 */
export interface Shape {
  /** Short name used in the report. */
  name: string;
  commits: number;
  authors: number;
  /** Days from the oldest commit to the newest. */
  spanDays: number;
  /** Extra `leaderboard refresh` flags: a history longer than the 365-day window needs `--all`. */
  refreshArgs: string[];
  /** Measure the page too (the million run measures only the refresh). */
  page: boolean;
}

/** (a) one busy year; (b) twenty years of a big project (over 1,000 weeks and 240 months). */
export const LARGE_SHAPES: Shape[] = [
  { name: '(a) 200,000 commits in one year, 2,000 authors', commits: 200_000, authors: 2_000, spanDays: 355, refreshArgs: [], page: true },
  { name: '(b) 60,000 commits over 20 years, 2,400 authors', commits: 60_000, authors: 2_400, spanDays: 7_300, refreshArgs: ['--all'], page: true },
];

/** A one-off: a history five times the largest shape, to show the refresh still completes. */
export const MILLION_SHAPE: Shape = { name: '1,000,000 commits in one year, 5,000 authors', commits: 1_000_000, authors: 5_000, spanDays: 355, refreshArgs: [], page: false };

/** The shapes named by BENCH_SHAPES (`large`, `million`, `large,million`); none by default (`org` is measured by org.ts). */
export function selectedShapes(value = process.env.BENCH_SHAPES ?? ''): Shape[] {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const out: Shape[] = [];
  for (const n of names) {
    if (n === 'large') out.push(...LARGE_SHAPES);
    else if (n === 'million') out.push(MILLION_SHAPE);
    else if (n !== 'org') throw new Error(`BENCH_SHAPES: unknown shape '${n}' (use large, million, org)`);
  }
  return out;
}

/** BENCH_SHAPES names `org`: ten 20,000-commit repositories on one organisation board (org.ts). */
export const orgSelected = (value = process.env.BENCH_SHAPES ?? ''): boolean => value.split(',').some((s) => s.trim() === 'org');
