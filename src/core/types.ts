import type { AiOverrideMark } from '../shared/ai-overrides.js';

/** One changed file of a commit, as git's numstat reports it (renames resolved). */
export interface FileChange {
  /** Path after the change. */
  path: string;
  /** Path before a rename or copy. */
  oldPath?: string;
  /** Added lines; 0 for binary files. */
  insertions: number;
  /** Removed lines; 0 for binary files. */
  deletions: number;
  /** git printed `-` for this file's counts. */
  binary: boolean;
}

/** A non-merge commit read from git, with mailmapped author. */
export interface RawCommit {
  /** Full hash. */
  hash: string;
  /** Mailmapped author name (%aN). */
  authorName: string;
  /** Mailmapped author email (%aE). */
  authorEmail: string;
  /** Author date, ISO 8601 in UTC. */
  authorDate: string;
  /** First line of the message. */
  subject: string;
  /** The rest of the message (may be empty). */
  body: string;
  /**
   * True when the body follows the subject without a blank line (git then counts its first
   * lines as part of the title paragraph, which holds no trailers). Absent otherwise.
   */
  titleContinues?: true;
  files: FileChange[];
}

/** Why a file was left out of the line and file counts. */
export type ExclusionReason = 'lockfile' | 'generated' | 'vendored' | 'minified' | 'configured';

/** Decides, per path, whether a file is left out of the counts. */
export type Excluder = (path: string) => ExclusionReason | null;

/** What an AI scorer is given for one commit. */
export interface AiScoreInput {
  commit: RawCommit;
  /** Files that count. */
  counted: FileChange[];
  /** Files left out of the counts. */
  excluded: FileChange[];
}

/** An AI score (0-25) and where it came from. */
export interface AiScore {
  score: number;
  /** `heuristic`, or `provider:model`. */
  source: string;
  reason?: string;
  /** Set when this is the local estimate standing in for a provider that failed: why. */
  fallback?: string;
}

/** The seam for the AI part of a commit's score. */
export interface AiScorer {
  /** Identifies the scorer and its settings in the cache fingerprint. */
  readonly id: string;
  score(input: AiScoreInput): AiScore | Promise<AiScore>;
}

/** A commit with its score: what the cache keeps and the leaderboards are built from. */
export interface ScoredCommit {
  /** Full hash. */
  hash: string;
  author: string;
  email: string;
  /** Author date, ISO 8601 UTC. */
  date: string;
  subject: string;
  /** True when a `BREAKING CHANGE:` footer or `!` marked it; kept for explanations. */
  breaking: boolean;
  stats: { files: number; insertions: number; deletions: number; excluded_files: number; excluded_lines: number };
  scores: {
    loc: number; files: number; keyword: number; ai: number; ai_source: string; ai_reason?: string;
    /** The provider gave no usable score, so the local estimate is used: why (the next refresh asks again). */
    ai_fallback?: string;
    /** An admin's override replaced the AI part (applied when the data file is built, never cached). */
    ai_override?: AiOverrideMark;
  };
  /** Sum of the score parts, 0-100. */
  total: number;
  /** `Co-authored-by:` trailers, mailmapped; absent when there are none (see core/credit). */
  co_authors?: { name: string; email: string }[];
  /** Hashes the message says it reverts (`This reverts commit <hash>.`), as written; absent when none. */
  reverts?: string[];
  /** Name of the repository it was read from; set when a board is built, never cached. */
  repo?: string;
}
