import { createExcluder } from '../exclusions.js';
import { listCommits, readCommits } from '../git/history.js';
import { shallowBoundary } from '../git/repo.js';
import { windowStartFor } from '../board-window.js';
import type { RefreshOptions } from '../refresh.js';
import { dataDirPaths } from '../store/data-dir.js';
import { splitFiles } from '../scoring.js';
import { AiCache } from './ai-cache.js';
import { mayBeSent } from './llm-scorer.js';
import { estimatePromptChars, estimateTokens, PROMPT_VERSION } from './prompt.js';
import type { AiSettings } from './settings.js';

/** About what a model answers: `{"score": n, "reason": "one sentence"}`. */
const ANSWER_TOKENS = 60;

/** What `refresh --ai-dry-run` found. */
export interface AiDryRunReport {
  source: string;
  /** Non-merge commits in the window. */
  inWindow: number;
  /** Commits that would be sent. */
  toSend: number;
  /** Commits with an answer in the AI cache that would be reused. */
  cached: number;
  /** Bots and commits with no counted file: never sent. */
  skipped: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * Counts what a refresh with this provider would send and estimates its tokens, sending nothing
 * and writing nothing: commits are read from git only for their file lists.
 */
export async function aiDryRun(opts: Pick<RefreshOptions, 'repo' | 'dataDir' | 'config' | 'since' | 'all' | 'now' | 'rescoreAi'>, settings: Pick<AiSettings, 'provider' | 'model'>): Promise<AiDryRunReport> {
  const windowStart = windowStartFor(opts, opts.now ?? new Date());
  const refs = await listCommits(opts.repo, windowStart ? { since: windowStart } : {});
  const { cache } = await AiCache.load(dataDirPaths(opts.dataDir).aiCache, true);
  const unanswered = refs.filter((r) => !cache.reusable(r.hash, settings.provider, settings.model, PROMPT_VERSION, Boolean(opts.rescoreAi))).map((r) => r.hash);
  const raws = await readCommits(opts.repo, unanswered);
  const shallow = await shallowBoundary(opts.repo);
  const excluder = await createExcluder(opts.repo, opts.config.exclusions, raws.flatMap((r) => r.files.map((f) => f.path)));
  let toSend = 0;
  let chars = 0;
  for (const raw of raws) {
    const input = { commit: raw, ...splitFiles(shallow.has(raw.hash) ? [] : raw.files, excluder) };
    if (!mayBeSent(input, opts.config.bots)) continue;
    toSend++;
    chars += estimatePromptChars(input);
  }
  return {
    source: `${settings.provider}:${settings.model}`,
    inWindow: refs.length,
    toSend,
    cached: refs.length - unanswered.length,
    skipped: unanswered.length - toSend,
    inputTokens: estimateTokens(chars),
    outputTokens: toSend * ANSWER_TOKENS,
  };
}
