import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import type { AiSettings } from '../../src/core/ai/settings.js';
import { defaultConfig } from '../../src/core/config.js';
import { refresh, type RefreshOptions } from '../../src/core/refresh.js';
import { dataDirPaths } from '../../src/core/store/data-dir.js';
import type { WrittenLeaderboardData } from '../../src/shared/data-file.js';
import type { StatusFile } from '../../src/shared/status-file.js';
import { spelledOut, type SpelledOutData } from '../cli/helpers.js';
import { startAiStub, type AiStub, type AiStubOptions } from '../support/ai-stub.js';
import { createTestRepo, type TestRepo } from '../support/git-repo.js';

/** Settings of a provider pointed at the stub; no SDK retries unless asked, so failures are quick. */
export function stubSettings(stub: AiStub, over: Partial<AiSettings> = {}): AiSettings {
  const provider = over.provider ?? 'openai';
  return {
    provider,
    model: provider === 'openai' ? 'gpt-stub' : 'claude-stub',
    baseUrl: provider === 'openai' ? stub.openaiBaseUrl : stub.anthropicBaseUrl,
    apiKey: 'test-key',
    concurrency: 4,
    timeoutMs: 5_000,
    maxRetries: 0,
    ...over,
  };
}

/** Temp repositories, data dirs and stubs, removed after the file's tests. */
export function aiTestResources() {
  const cleanups: (() => Promise<void>)[] = [];
  const stubs: AiStub[] = [];
  afterEach(() => {
    for (const s of stubs) s.setLatency(0);
  });
  afterAll(async () => {
    await Promise.all(stubs.map((s) => s.close()));
    await Promise.all(cleanups.map((c) => c()));
  });
  return {
    async repo(): Promise<TestRepo> {
      const r = await createTestRepo();
      cleanups.push(() => r.cleanup());
      return r;
    },
    async dataDir(): Promise<string> {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-ai-data-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      return dir;
    },
    async stub(opts: AiStubOptions = {}): Promise<AiStub> {
      const s = await startAiStub(opts);
      stubs.push(s);
      return s;
    },
  };
}

/** A whole-history refresh with the stub's provider. */
export function refreshWith(repo: TestRepo, dataDir: string, settings: AiSettings | null, extra: Partial<RefreshOptions> = {}) {
  return refresh({ repo: repo.dir, dataDir, config: defaultConfig(), all: true, aiSettings: settings, ...extra });
}

/** The data file as written, spelled out (see spelledOut). */
export async function readWritten(dataDir: string): Promise<SpelledOutData> {
  return spelledOut(JSON.parse(await readFile(dataDirPaths(dataDir).data, 'utf8')) as WrittenLeaderboardData);
}

export async function readStatusFile(dataDir: string): Promise<StatusFile> {
  return JSON.parse(await readFile(dataDirPaths(dataDir).status, 'utf8')) as StatusFile;
}

/** The written commit row of a hash, its AI source filled in from `commit_defaults` when left out. */
export async function rowOf(dataDir: string, hash: string) {
  const data = await readWritten(dataDir);
  const row = data.commits.find((c) => c.full_hash === hash);
  if (!row) throw new Error(`no row for ${hash}`);
  return { ...row, scores: { ...row.scores, ai_source: row.scores.ai_source ?? data.commit_defaults.ai_source } };
}

/** Makes `n` ordinary source commits; resolves to their hashes, oldest first. */
export async function sourceCommits(repo: TestRepo, n: number, from = 0): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = from; i < from + n; i++) {
    hashes.push(await repo.commit({ files: { [`src/mod${i}.ts`]: `export const v${i} = ${i};\n`.repeat(3) }, message: `feat: module ${i}` }));
  }
  return hashes;
}
