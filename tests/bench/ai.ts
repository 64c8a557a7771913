/**
 * AI-scoring throughput against the loopback stub with a fixed artificial latency: with the
 * concurrency limit working, the AI step takes about sent x latency / concurrency.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AiSettings } from '../../src/core/ai/settings.js';
import { defaultConfig } from '../../src/core/config.js';
import { refresh } from '../../src/core/refresh.js';
import { startAiStub } from '../support/ai-stub.js';
import { cloneRepo, syntheticRepo, type RepoParams } from './synthetic-repo.js';

export const AI_LATENCY_MS = 40;
export const AI_COMMITS = 400;

export interface AiRun {
  concurrency: number;
  sent: number;
  /** Wall time of the refresh with the provider. */
  ms: number;
  /** Wall time of the same refresh with the local estimate (git read, scoring, writing). */
  baseMs: number;
  /** sent x latency / concurrency. */
  idealMs: number;
  maxInFlight: number;
}

export interface AiBench {
  runs: AiRun[];
  /** Requests sent by a second refresh (the AI cache answers). */
  secondRefreshSent: number;
}

/** Refreshes a small synthetic repository with the stub at concurrency 1 and 4 (and 8). */
export async function measureAi(base: RepoParams, work: string, log: (s: string) => void): Promise<AiBench> {
  const repo = await syntheticRepo({ ...base, commits: AI_COMMITS, authors: 20 }, log);
  const clone = await cloneRepo(repo, await mkdtemp(path.join(work, 'ai-')));
  const stub = await startAiStub({ latencyMs: AI_LATENCY_MS });
  const config = defaultConfig();
  const runs: AiRun[] = [];
  let secondRefreshSent = -1;
  try {
    for (const concurrency of [1, 4, 8]) {
      log(`AI scoring ${AI_COMMITS} commits at concurrency ${concurrency}...`);
      const baseDir = await mkdtemp(path.join(work, 'ai-base-'));
      let t = performance.now();
      await refresh({ repo: clone, dataDir: baseDir, config, all: true });
      const baseMs = performance.now() - t;
      const dataDir = await mkdtemp(path.join(work, 'ai-data-'));
      const settings: AiSettings = { provider: 'openai', model: 'bench', baseUrl: stub.openaiBaseUrl, apiKey: 'test-key', concurrency, timeoutMs: 30_000 };
      const before = stub.requests.length;
      t = performance.now();
      const result = await refresh({ repo: clone, dataDir, config, all: true, aiSettings: settings });
      const ms = performance.now() - t;
      const sent = stub.requests.length - before;
      runs.push({ concurrency, sent, ms, baseMs, idealMs: (sent * AI_LATENCY_MS) / concurrency, maxInFlight: stub.maxInFlight });
      if (result.ai?.failed) throw new Error(`AI step failed for ${result.ai.failed} commits: ${result.ai.error ?? ''}`);
      if (concurrency === 4) {
        const again = stub.requests.length;
        // --rescore-ai walks every commit through the scorer: each must be answered by the AI cache.
        await refresh({ repo: clone, dataDir, config, all: true, aiSettings: settings, rescoreAi: true });
        secondRefreshSent = stub.requests.length - again;
      }
      await rm(dataDir, { recursive: true, force: true });
      await rm(baseDir, { recursive: true, force: true });
    }
  } finally {
    await stub.close();
  }
  return { runs, secondRefreshSent };
}
