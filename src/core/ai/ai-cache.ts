import { open } from 'node:fs/promises';
import { z } from 'zod';
import { MAX_AI_SCORE } from '../scoring.js';
import { readTextIfExists, writeFileAtomic } from '../store/files.js';

const entrySchema = z.strictObject({
  hash: z.string().regex(/^[0-9a-f]{40,64}$/),
  provider: z.string().min(1),
  model: z.string().min(1),
  prompt: z.number().int().positive(),
  score: z.number().int().min(0).max(MAX_AI_SCORE),
  reason: z.string().min(1),
  /** When the provider answered (ISO). */
  at: z.string(),
});

/** One provider answer: what a commit was given by one model for one prompt version. */
export type AiCacheEntry = z.infer<typeof entrySchema>;

const keyOf = (e: Pick<AiCacheEntry, 'hash' | 'provider' | 'model' | 'prompt'>) => `${e.hash} ${e.provider} ${e.model} ${e.prompt}`;

/**
 * The answers of AI providers, kept in `ai-cache.jsonl`: one JSON line an answer, appended and
 * fsynced as answers arrive, so an interrupted refresh keeps what it paid for. A line that does
 * not parse (a crash mid-append) is dropped, never trusted; the file is compacted when it holds
 * such lines or superseded answers.
 */
export class AiCache {
  private readonly byKey = new Map<string, AiCacheEntry>();
  private readonly newest = new Map<string, AiCacheEntry>();
  private pending: AiCacheEntry[] = [];
  private writing: Promise<void> = Promise.resolve();
  private constructor(private readonly file: string) {}

  /** Loads the cache (a missing file is an empty cache); `dropped` counts the lines refused. */
  static async load(file: string, readOnly = false): Promise<{ cache: AiCache; dropped: number }> {
    const cache = new AiCache(file);
    const text = (await readTextIfExists(file)) ?? '';
    let dropped = 0;
    let lines = 0;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      lines++;
      const parsed = (() => {
        try {
          return entrySchema.safeParse(JSON.parse(line));
        } catch {
          return null;
        }
      })();
      if (parsed?.success) cache.remember(parsed.data);
      else dropped++;
    }
    // Rewritten whole when a line is broken (appending after half a line would glue the two)
    // or when over half the lines are superseded answers.
    if (!readOnly && (dropped > 0 || (lines > 100 && cache.byKey.size < lines / 2) || (text.length > 0 && !text.endsWith('\n')))) {
      await writeFileAtomic(file, [...cache.byKey.values()].map((e) => `${JSON.stringify(e)}\n`).join(''));
    }
    return { cache, dropped };
  }

  private remember(entry: AiCacheEntry): void {
    this.byKey.set(keyOf(entry), entry);
    const prev = this.newest.get(entry.hash);
    if (!prev || prev.at <= entry.at) this.newest.set(entry.hash, entry);
  }

  /** The answer for exactly this commit, provider, model and prompt version. */
  exact(hash: string, provider: string, model: string, prompt: number): AiCacheEntry | undefined {
    return this.byKey.get(keyOf({ hash, provider, model, prompt }));
  }

  /**
   * The answer a refresh reuses for a commit: this provider, model and prompt version's; else,
   * unless rescoring, the newest of any (a change of model is not a reason to pay again).
   */
  reusable(hash: string, provider: string, model: string, prompt: number, rescore: boolean): AiCacheEntry | undefined {
    return this.exact(hash, provider, model, prompt) ?? (rescore ? undefined : this.latest(hash));
  }

  /** The newest answer for a commit, whatever model or prompt gave it. */
  latest(hash: string): AiCacheEntry | undefined {
    return this.newest.get(hash);
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Keeps an answer; it is written by the next {@link flush}. */
  add(entry: AiCacheEntry): void {
    this.remember(entry);
    this.pending.push(entry);
  }

  /** Appends the answers added since the last flush and fsyncs them; flushes run one at a time. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const run = this.writing.then(async () => {
      if (batch.length === 0) return;
      const handle = await open(this.file, 'a');
      try {
        await handle.writeFile(batch.map((e) => `${JSON.stringify(e)}\n`).join(''));
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
    this.writing = run.catch(() => undefined);
    return run;
  }
}
