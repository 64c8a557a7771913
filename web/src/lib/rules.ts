import { z } from 'zod';
import { HEURISTIC_AI_SOURCE } from '../../../src/shared/ai-part.js';
import { coAuthorModeSchema, LEGACY_CREDIT, revertModeSchema, type CreditSettings } from '../../../src/shared/credit.js';
import { SIGNIFICANT_THRESHOLD, type LeaderboardData } from '../../../src/shared/data-file.js';
import { readBoardActivity, type BoardActivityInfo } from './activity.js';

/**
 * The rules a data file was built with, read from its `metadata` for the "How scores work"
 * panel. Every part is optional: files of older tools record little or nothing, and the panel
 * then says what it cannot know instead of guessing.
 */
export interface ScoringRules {
  /** Threshold texts of the parts, as the tool recorded them (null: not recorded). */
  parts: { loc: string | null; files: string | null; keyword: string | null };
  /** `heuristic`, `provider:model`, or null when not recorded. */
  ai: string | null;
  significantAt: number;
  exclusions: { lockFiles: boolean; generated: boolean; vendored: boolean; minified: boolean; paths: string[] } | null;
  bots: { exclude: boolean; patterns: string[]; builtIn: string[] | null } | null;
  credit: CreditSettings & { recorded: boolean; cancelled: number | null; coAuthored: number | null };
  window: { start: string | null; days: number; head: string | null; commitsPerEntry: number | null };
  /** GitHub activity's points and status; null: the board counts commits only. */
  activity: BoardActivityInfo | null;
}

const text = z.string().min(1).nullable().catch(null);
const metadataSchema = z.object({
  head: z.string().nullable().catch(null),
  windowStart: z.string().nullable().catch(null),
  commitsPerEntry: z.number().int().positive().nullable().catch(null),
  scoring: z.object({
    loc: text, files: text, keyword: text, ai: text,
    significantAt: z.number().catch(SIGNIFICANT_THRESHOLD),
  }).nullable().catch(null),
  exclusions: z.object({
    lockFiles: z.boolean(), generated: z.boolean(), vendored: z.boolean(), minified: z.boolean(),
    paths: z.array(z.string()).catch([]),
  }).nullable().catch(null),
  bots: z.object({
    exclude: z.boolean(), patterns: z.array(z.string()).catch([]),
    builtIn: z.array(z.string()).nullable().catch(null),
  }).nullable().catch(null),
  credit: z.object({
    coAuthors: coAuthorModeSchema, reverts: revertModeSchema,
    cancelled: z.number().nullable().catch(null), coAuthored: z.number().nullable().catch(null),
  }).nullable().catch(null),
});

/** The rules recorded in the data file (see {@link ScoringRules}). */
export function readScoringRules(data: Pick<LeaderboardData, 'metadata' | 'analysis_period_days'>): ScoringRules {
  const m = metadataSchema.parse({ head: null, windowStart: null, commitsPerEntry: null, scoring: null, exclusions: null, bots: null, credit: null, ...data.metadata });
  return {
    parts: { loc: m.scoring?.loc ?? null, files: m.scoring?.files ?? null, keyword: m.scoring?.keyword ?? null },
    ai: m.scoring?.ai ?? null,
    significantAt: m.scoring?.significantAt ?? SIGNIFICANT_THRESHOLD,
    exclusions: m.exclusions,
    bots: m.bots,
    // Files written before the credit settings existed credited authors only and scored reverts.
    credit: m.credit
      ? { coAuthors: m.credit.coAuthors, reverts: m.credit.reverts, recorded: true, cancelled: m.credit.cancelled, coAuthored: m.credit.coAuthored }
      : { ...LEGACY_CREDIT, recorded: false, cancelled: null, coAuthored: null },
    window: { start: m.windowStart, days: data.analysis_period_days, head: m.head, commitsPerEntry: m.commitsPerEntry },
    activity: readBoardActivity(data.metadata),
  };
}

/** `>=100 lines: 30, >=50: 15` as people write it: `≥100 lines: 30, ≥50: 15`. */
export function prettyThresholds(s: string): string {
  return s.replace(/>=/g, '≥').replace(/<=/g, '≤');
}

/** What the AI part is, in words. */
export function describeAi(ai: string | null): string {
  if (ai === null) return 'an estimate of the change\'s impact (the data file does not say how it was made)';
  if (ai === HEURISTIC_AI_SOURCE) {
    return 'a local estimate (no AI provider configured): up to 10 points for the size of the change (one per doubling of counted lines), '
      + '6 for source files and 2 more for tests (1 for docs or config only), up to 3 for the areas it touches, and +4 or -2 for the wording of its subject';
  }
  return `rated by ${ai} from the message, the stats, the list of files and the diff`;
}

/** One sentence per co-author setting. */
export function describeCoAuthors(mode: CreditSettings['coAuthors']): string {
  switch (mode) {
    case 'share': return 'A commit with Co-authored-by: trailers counts in the commits of its author and of each co-author, and its score is split equally between them, to two decimals (the first people take any leftover cent), so the board\'s total is unchanged.';
    case 'full': return 'A commit with Co-authored-by: trailers counts in the commits of its author and of each co-author, and each of them gets its whole score.';
    default: return 'A commit counts for its author only; its co-authors (Co-authored-by: trailers) are listed on it but not credited.';
  }
}

/** One sentence per revert setting. */
export function describeReverts(mode: CreditSettings['reverts']): string {
  return mode === 'cancel'
    ? 'A commit whose message says "This reverts commit <hash>." cancels itself and the commit it reverts, when that commit is among those analysed: both keep their place in the counts (as simple commits) but score 0. A revert that is itself reverted (a re-land) cancels nothing, so the original counts again. A revert of a commit outside the window is scored like any commit.'
    : 'Reverts are scored like any other commit.';
}
