import type { AiScorer, Excluder, FileChange, RawCommit, ScoredCommit } from './types.js';

import { MAX_AI_SCORE } from '../shared/ai-part.js';

export { MAX_AI_SCORE };

/** Bumped whenever a scoring rule changes, so cached scores are recomputed. */
export const SCORING_VERSION = 1;

/**
 * Lines-of-code part (0-30) from insertions + deletions after exclusions:
 * >= 100 lines 30, >= 50 15, >= 20 8, otherwise 3; 0 when every changed file is excluded.
 * A commit with no files at all (an empty commit) is not "all excluded" and gets 3.
 */
export function scoreLoc(lines: number, allExcluded: boolean): number {
  if (allExcluded) return 0;
  if (lines >= 100) return 30;
  if (lines >= 50) return 15;
  if (lines >= 20) return 8;
  return 3;
}

/**
 * Changed-files part (0-20) from the files counted after exclusions:
 * >= 5 files 20, >= 2 10, 1 5, and 0 both when no file changed (an empty commit) and when
 * every changed file is excluded.
 */
export function scoreFiles(files: number, allExcluded: boolean): number {
  if (allExcluded) return 0;
  if (files >= 5) return 20;
  if (files >= 2) return 10;
  if (files >= 1) return 5;
  return 0;
}

/** Points of each recognised conventional-commit type. */
export const KEYWORD_SCORES: ReadonlyMap<string, number> = new Map([
  ...['feat', 'feature', 'refactor', 'perf', 'breaking'].map((t) => [t, 25] as const),
  ...['fix', 'bug', 'improve', 'enhance', 'update'].map((t) => [t, 15] as const),
  ...['test', 'chore', 'ci'].map((t) => [t, 10] as const),
  ...['docs', 'doc', 'typo', 'style', 'format'].map((t) => [t, 5] as const),
]);

/** Points when the subject has no recognised type. */
export const NO_TYPE_SCORE = 12;

/** Points of a breaking change (`!` before the colon or a BREAKING CHANGE footer). */
export const BREAKING_SCORE = 25;

// `type(scope)!: ...` at the start of the subject; the type word is checked against the table.
const HEADER = /^\s*([a-z]+)(?:\([^()\r\n]*\))?(!)?:/i;
// Conventional Commits requires the footer token in upper case, at the start of a line.
const BREAKING_FOOTER = /^BREAKING[ -]CHANGE:/m;

/** Result of {@link scoreKeyword}. */
export interface KeywordScore {
  /** 0-25. */
  score: number;
  /** The recognised type, lower-cased, or null. */
  type: string | null;
  /** A `!` before the colon or a `BREAKING CHANGE:` / `BREAKING-CHANGE:` footer. */
  breaking: boolean;
}

/**
 * Keyword part (0-25) from the conventional-commit type of the subject: `type`, optional
 * `(scope)`, optional `!`, then `:`; the type is case-insensitive. feat, feature, refactor,
 * perf, breaking 25; fix, bug, improve, enhance, update 15; test, chore, ci 10; docs, doc,
 * typo, style, format 5; anything else 12. A `!` before the colon (whatever the type word) or
 * an upper-case `BREAKING CHANGE:` / `BREAKING-CHANGE:` line in the body gives 25.
 */
export function scoreKeyword(subject: string, body: string): KeywordScore {
  const m = HEADER.exec(subject);
  const word = m?.[1]?.toLowerCase();
  const typeScore = word === undefined ? undefined : KEYWORD_SCORES.get(word);
  const type = typeScore === undefined ? null : (word ?? null);
  const breaking = m?.[2] === '!' || BREAKING_FOOTER.test(body);
  const score = breaking ? BREAKING_SCORE : (typeScore ?? NO_TYPE_SCORE);
  return { score, type, breaking };
}

/** Splits a commit's files by `excluder` into those that count and those left out. */
export function splitFiles(files: readonly FileChange[], excluder: Excluder): { counted: FileChange[]; excluded: FileChange[] } {
  const counted: FileChange[] = [];
  const excluded: FileChange[] = [];
  for (const file of files) (excluder(file.path) === null ? counted : excluded).push(file);
  return { counted, excluded };
}

const linesOf = (files: FileChange[]): number => files.reduce((sum, f) => sum + f.insertions + f.deletions, 0);

/**
 * Scores one commit: files are split by `excluder` into counted and excluded, LOC and Files
 * are computed from the counted ones, Keyword from the subject and body, and the AI part
 * from `ai` (clamped to a whole number 0-25, whatever the scorer returns). Total = the sum.
 */
export async function scoreCommit(raw: RawCommit, excluder: Excluder, ai: AiScorer): Promise<ScoredCommit> {
  const { counted, excluded } = splitFiles(raw.files, excluder);
  const allExcluded = raw.files.length > 0 && counted.length === 0;
  const insertions = counted.reduce((sum, f) => sum + f.insertions, 0);
  const deletions = counted.reduce((sum, f) => sum + f.deletions, 0);

  const loc = scoreLoc(insertions + deletions, allExcluded);
  const files = scoreFiles(counted.length, allExcluded);
  const keyword = scoreKeyword(raw.subject, raw.body);
  const aiResult = await ai.score({ commit: raw, counted, excluded });
  const aiScore = Number.isFinite(aiResult.score) ? Math.min(MAX_AI_SCORE, Math.max(0, Math.round(aiResult.score))) : 0;

  return {
    hash: raw.hash,
    author: raw.authorName,
    email: raw.authorEmail,
    date: raw.authorDate,
    subject: raw.subject,
    breaking: keyword.breaking,
    stats: {
      files: counted.length,
      insertions,
      deletions,
      excluded_files: excluded.length,
      excluded_lines: linesOf(excluded),
    },
    scores: {
      loc,
      files,
      keyword: keyword.score,
      ai: aiScore,
      ai_source: aiResult.source,
      ...(aiResult.reason === undefined ? {} : { ai_reason: aiResult.reason }),
      ...(aiResult.fallback === undefined ? {} : { ai_fallback: aiResult.fallback }),
    },
    total: loc + files + keyword.score + aiScore,
  };
}
