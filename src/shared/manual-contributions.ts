import leven from 'leven';
import { z } from 'zod';
import { trimSpaces } from './fold.js';

/** YYYY-MM-DD that is a real calendar date. */
export const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD').refine((s) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, 'is not a real calendar date');

/** Largest score one manual contribution may carry. */
export const MAX_MANUAL_SCORE = 100_000;

/**
 * One manual contribution. Null dates are open on that side; both null means every period.
 */
// The range first, and it stops there: zod's int() refuses numbers past 2^53 too, so 1e308 was
// "must be a whole number; must be at most 100000", though it is whole.
const scoreSchema = z.number()
  .min(0, { message: 'must not be negative', abort: true })
  .max(MAX_MANUAL_SCORE, { message: `must be at most ${MAX_MANUAL_SCORE}`, abort: true })
  .int('must be a whole number');
const notesSchema = z.string().max(2000, 'must be at most 2000 characters').default('');

/**
 * Refuses a field that is not one of `known` but looks like one (another case or spelling of it,
 * the start of it: `start` for `start_date`, `contribution` for `contributions`, or a typo:
 * `contributers`). Other fields added by hand are kept; such a one would be kept and ignored, a
 * dated contribution then counting in every period, a misspelt `contributors` emptying the file.
 */
function nearKeys(known: readonly string[]) {
  const plain = (key: string) => key.toLowerCase().replace(/[^a-z]/g, '');
  // One letter off when either has six letters or more, two when both have nine: short fields of
  // one's own (`store` beside `score`) stay allowed.
  const typo = (a: string, b: string) => Math.max(a.length, b.length) >= 6 && leven(a, b) <= (Math.min(a.length, b.length) >= 9 ? 2 : 1);
  return (value: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      const p = plain(key);
      const near = p.length >= 3 ? known.find((k) => plain(k).startsWith(p) || p.startsWith(plain(k)) || typo(p, plain(k))) : undefined;
      if (near !== undefined) ctx.addIssue({ code: 'custom', message: `unknown field "${key}", which would be ignored: write "${near}"`, path: [key] });
    }
  };
}

// Loose, so fields added by hand survive a rewrite.
export const contributionSchema = z.looseObject({
  /** Whole points, 0 or more. */
  score: scoreSchema,
  /** Free text shown as a hover note. Default ''. */
  notes: notesSchema,
  /** First day it counts for, or null (open). Default null. */
  start_date: isoDaySchema.nullable().default(null),
  /** Last day it counts for, or null (open). Default null. */
  end_date: isoDaySchema.nullable().default(null),
}).superRefine(nearKeys(['score', 'notes', 'start_date', 'end_date'])).refine((c) => !c.start_date || !c.end_date || c.start_date <= c.end_date, { message: 'end_date is before start_date', path: ['end_date'] });
export type Contribution = z.infer<typeof contributionSchema>;

// Loose, so fields added by hand survive a rewrite.
const contributorRecordSchema = z.looseObject({
  /** Optional email shown with the name. */
  email: z.string().max(320).optional(),
  contributions: z.array(contributionSchema).default([]),
}).superRefine(nearKeys(['email', 'contributions']));

// The older flat shape {score, notes} becomes one contribution that applies to every period.
// Its fields are checked like a contribution's, so a bad value is an issue, not a thrown error.
const legacyRecordSchema = z.strictObject({ score: scoreSchema, notes: notesSchema }).transform((r) => ({
  contributions: [{ score: r.score, notes: r.notes, start_date: null, end_date: null }],
}));

/**
 * A contributor's manual record: optional email and a list of contributions, or the flat legacy
 * shape. A `score` key picks the legacy shape (the record shape would accept it with no
 * contributions and its points would vanish); the shape is chosen first, so errors name what is
 * wrong in that shape instead of blending the messages of both.
 */
export const manualContributorSchema = z.unknown().transform((value, ctx): z.output<typeof contributorRecordSchema> => {
  const legacy = typeof value === 'object' && value !== null && 'score' in value;
  const parsed = legacy ? legacyRecordSchema.safeParse(value) : contributorRecordSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
export type ManualContributor = z.infer<typeof contributorRecordSchema>;

export const contributorNameSchema = z.string().overwrite(trimSpaces).min(1, 'Contributor name is required').max(200, 'Contributor name must be at most 200 characters')
  // As an object key it would set the prototype instead of adding a contributor, and vanish.
  .refine((name) => name !== '__proto__', 'Contributor name "__proto__" is reserved; choose another name');

/**
 * The contributors map, as sent to POST /api/update-manual-contributions. Names are trimmed; two
 * that are one name once trimmed are refused (one record silently replaced the other, and the
 * next save lost its contributions).
 */
export const contributorsMapSchema = z.record(z.string(), manualContributorSchema).transform((map, ctx) => {
  const out: Record<string, ManualContributor> = {};
  const keyOf = new Map<string, string>();
  for (const [key, record] of Object.entries(map)) {
    const name = contributorNameSchema.safeParse(key);
    if (!name.success) {
      for (const issue of name.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [key] });
      continue;
    }
    const earlier = keyOf.get(name.data);
    if (earlier !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${earlier}" and "${key}" are one name once the spaces around it are removed; move the contributions of one to the other`, path: [key] });
      continue;
    }
    keyOf.set(name.data, key);
    out[name.data] = record;
  }
  return out;
});

/** The existing name that `name` duplicates (compared trimmed, without case, and composed alike: NFC), or null. */
export function findExisting(map: Readonly<Record<string, unknown>>, name: string): string | null {
  const key = (n: string) => n.normalize('NFC').toLowerCase();
  const wanted = key(trimSpaces(name));
  return Object.keys(map).find((n) => key(n) === wanted) ?? null;
}

/**
 * `manual-contributions.json`. Keys other than `contributors` (such as `_instructions` and
 * `_scoring_guide`) are kept as they are when the file is rewritten.
 */
export const manualContributionsFileSchema = z.looseObject({
  contributors: contributorsMapSchema.default({}),
}).superRefine(nearKeys(['contributors']));
export type ManualContributionsFile = z.infer<typeof manualContributionsFileSchema>;

/** What a new file starts with. */
export function emptyManualContributions(): ManualContributionsFile {
  return {
    _instructions: 'Manually assign additional contribution scores here. This file is never overwritten by the analysis.',
    _scoring_guide: {
      paper_publication: '20-50 points per paper',
      conference_talk: '15-30 points',
      blog_post: '10-20 points',
      community_advocacy: '5-15 points',
      mentorship: '10-25 points',
      issue_triage: '5-10 points',
    },
    contributors: {},
  };
}
