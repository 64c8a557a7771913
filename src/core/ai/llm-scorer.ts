import pLimit from 'p-limit';
import type { AiStep } from '../../shared/status-file.js';
import { isBot } from '../bots.js';
import type { LeaderboardConfig } from '../config.js';
import type { AiScore, AiScoreInput, AiScorer } from '../types.js';
import type { AiCache } from './ai-cache.js';
import { burstLimit } from './burst-limit.js';
import { PatchReader } from './diff.js';
import { HeuristicAiScorer } from './heuristic.js';
import { buildUserPrompt, parseAnswer, type AiAnswer, pathsToRead, PER_FILE_DIFF, PROMPT_VERSION, SYSTEM_PROMPT } from './prompt.js';
import { describeFailure, type ChatProvider } from './providers.js';
import type { AiSettings } from './settings.js';

/**
 * Failed commits in a row (timeouts, 5xx, 429 after the SDK's retries, no usable answer after
 * the retry) after which the provider is given up.
 */
const MAX_CONSECUTIVE_FAILURES = 3;

export interface LlmScorerOptions {
  settings: AiSettings;
  provider: ChatProvider;
  repo: string;
  cache: AiCache;
  bots: LeaderboardConfig['bots'];
  /** Ask again about commits whose answer came from another model or prompt version. */
  rescore?: boolean;
  /** Called after each commit is settled, with the counts so far. */
  onCommit?: (step: AiStep) => void;
  now?: () => Date;
}

/** Whether a commit may be sent to a provider at all: some file counts, and no bot made it. */
export function mayBeSent(input: AiScoreInput, bots: LeaderboardConfig['bots']): boolean {
  return input.counted.length > 0 && !isBot(input.commit.authorName, input.commit.authorEmail, bots);
}

/**
 * The AI part from an LLM: each eligible commit is asked about once per provider, model and
 * prompt version (answers are kept in the AI cache), at most `concurrency` at a time. A commit
 * gets the local estimate, marked as a fallback, when the answer is unusable twice or the call
 * fails; after a refused key, an unknown model, an unreachable server or three failures in a row
 * nothing more is sent in this refresh. Bots and commits with no counted file are never sent.
 */
export class LlmAiScorer implements AiScorer {
  readonly id: string;
  private readonly local = new HeuristicAiScorer();
  /** Commits being prepared or asked about: bounds the prompts held in memory. */
  private readonly limit;
  /** Requests in flight. */
  private readonly requests;
  private readonly patches: PatchReader;
  private readonly counts: AiStep;
  private stopped: string | null = null;
  private consecutiveFailures = 0;

  constructor(private readonly opts: LlmScorerOptions) {
    this.id = opts.provider.source;
    // Prompts for the next commits are read from git while requests are in flight.
    this.limit = burstLimit(opts.settings.concurrency + 32, opts.settings.concurrency + 8);
    this.requests = pLimit(opts.settings.concurrency);
    this.patches = new PatchReader(opts.repo, PER_FILE_DIFF);
    this.counts = { source: this.id, sent: 0, cached: 0, failed: 0, partial: false };
  }

  /** What this scorer did so far, for the status file and the summary. */
  step(): AiStep {
    // Given up: why it stopped (a third failure in a row, a refused key), not the first failure.
    return this.stopped && this.counts.partial ? { ...this.counts, error: this.stopped } : { ...this.counts };
  }

  /**
   * Sends nothing more from now: each commit still queued gets the local estimate, marked with
   * `why`, as its turn comes (its promise settles, so the refresh goes on and writes the board).
   */
  windDown(why: string): void {
    this.stopped ??= why;
  }

  /** Sends nothing more: what is queued is dropped (the refresh failed). */
  stop(): void {
    this.stopped ??= 'the refresh stopped';
    this.limit.clear();
    this.requests.clearQueue();
  }

  /** Writes the answers not yet in the AI cache file. */
  flush(): Promise<void> {
    return this.opts.cache.flush();
  }

  async score(input: AiScoreInput): Promise<AiScore> {
    if (!mayBeSent(input, this.opts.bots)) return this.local.score(input);
    const { provider, model } = this.opts.settings;
    const hit = this.opts.cache.reusable(input.commit.hash, provider, model, PROMPT_VERSION, Boolean(this.opts.rescore));
    if (hit) return this.settle({ score: hit.score, source: `${hit.provider}:${hit.model}`, reason: hit.reason }, 'cached');
    return this.limit(() => this.ask(input));
  }

  private settle(result: AiScore, kind: 'sent' | 'cached' | 'failed'): AiScore {
    this.counts[kind]++;
    this.opts.onCommit?.(this.step());
    return result;
  }

  private fallback(input: AiScoreInput, why: string): AiScore {
    this.counts.partial = true;
    this.counts.error ??= why;
    // A rescore that failed keeps the answer it was to replace, as a refresh without it does: the
    // local estimate took its place on the board, answers paid for and still in the cache.
    const kept = this.opts.rescore ? this.opts.cache.latest(input.commit.hash) : undefined;
    if (kept) return this.settle({ score: kept.score, source: `${kept.provider}:${kept.model}`, reason: kept.reason }, 'failed');
    return this.settle({ ...this.local.score(input), fallback: why }, 'failed');
  }

  private async ask(input: AiScoreInput): Promise<AiScore> {
    if (this.stopped) return this.fallback(input, this.stopped);
    const { provider, settings, cache } = this.opts;
    // A git failure is the refresh's failure, not the provider's: it is not caught here.
    const user = buildUserPrompt(input, await this.patches.get(input.commit.hash, pathsToRead(input)));
    const outcome = await this.requests(() => this.request(user));
    if (outcome.kind === 'failed') return this.fallback(input, outcome.why);
    const { score, reason } = outcome.answer;
    const at = (this.opts.now?.() ?? new Date()).toISOString();
    cache.add({ hash: input.commit.hash, provider: settings.provider, model: settings.model, prompt: PROMPT_VERSION, score, reason, at });
    // Written as it arrives: a refresh stopped with Ctrl-C (no clean-up runs) kept only the answers
    // of full batches of 20, and the next one paid for the rest again. Appends run one at a time
    // and take what arrived meanwhile, beside calls that take seconds.
    await cache.flush();
    return this.settle({ score, source: provider.source, reason }, 'sent');
  }

  /**
   * One commit's call (and its one retry after an unusable answer). Failures are judged inside
   * the request slot, so the next commit waiting for it sees the provider given up.
   */
  private async request(user: string): Promise<{ kind: 'answer'; answer: AiAnswer } | { kind: 'failed'; why: string }> {
    if (this.stopped) return { kind: 'failed', why: this.stopped };
    const { provider, settings } = this.opts;
    try {
      let parsed = parseAnswer(await provider.complete(SYSTEM_PROMPT, user));
      if (!parsed.ok) {
        // Asked once more, saying what was wrong; a second bad answer gives the local estimate.
        const retry = `${user}\n\nYour previous answer could not be used: ${parsed.problem}. Answer with the JSON object only.`;
        parsed = parseAnswer(await provider.complete(SYSTEM_PROMPT, retry));
      }
      if (parsed.ok) {
        this.consecutiveFailures = 0;
        return { kind: 'answer', answer: parsed.answer };
      }
      // A model that never answers as asked (another scale, prose) is given up like a failing one:
      // asked twice a commit, every refresh, it doubled the cost of the history for nothing.
      const why = `${provider.source} gave no usable answer: ${parsed.problem}`;
      if (++this.consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
        this.stopped ??= `${why}; gave up after ${MAX_CONSECUTIVE_FAILURES} commits in a row without one (try another --ai-model)`;
      }
      return { kind: 'failed', why };
    } catch (err) {
      const failure = describeFailure(err, provider.source, settings.baseUrl, settings.apiKey);
      if (failure.fatal || ++this.consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
        this.stopped ??= failure.fatal ? failure.message : `${failure.message}; gave up after ${MAX_CONSECUTIVE_FAILURES} failures in a row`;
      }
      return { kind: 'failed', why: failure.message };
    }
  }
}
