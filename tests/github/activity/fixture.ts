import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createGitHubClient } from '../../../src/core/github/client.js';
import { ActivityCache } from '../../../src/core/github/activity/cache.js';
import { syncActivity, type SyncOptions } from '../../../src/core/github/activity/sync.js';
import { GQL_TOKEN, type GqlFixture, type GqlPull } from '../../support/github-graphql-emulator.js';

/** `n` pull requests updated one minute apart from `start`, each with `reviews` approvals by `rev<i>`. */
export function pulls(n: number, start = '2026-01-01T00:00:00Z', reviews = 1, firstNumber = 1): GqlPull[] {
  const t0 = Date.parse(start);
  return Array.from({ length: n }, (_, i) => ({
    number: firstNumber + i,
    title: `PR ${firstNumber + i}`,
    updatedAt: new Date(t0 + i * 60_000).toISOString(),
    author: 'alice',
    reviews: Array.from({ length: reviews }, (_, k) => ({ state: 'APPROVED' as const, submittedAt: new Date(t0 + i * 60_000).toISOString(), author: `rev${k}` })),
  }));
}

export const emptyFixture = (): GqlFixture => ({ repository: 'acme/widgets', pulls: [], issues: [], commits: {}, names: {} });

export const tempCacheFile = async (): Promise<string> => path.join(await mkdtemp(path.join(os.tmpdir(), 'lb-activity-')), 'github-activity.jsonl');

/** One sync against the emulator with a fresh client and the cache loaded from `file`. */
export async function syncOnce(apiUrl: string, file: string, extra: Partial<SyncOptions> = {}, waits: number[] = []) {
  const cache = await ActivityCache.load(file);
  const client = createGitHubClient(apiUrl, extra.client ? '' : GQL_TOKEN, { retryBaseMs: 5, writeSpacingMs: 0, onRateLimitWait: (s) => waits.push(s) });
  const result = await syncActivity({ client, apiUrl, repository: 'acme/widgets', cache, windowStart: '2025-01-01T00:00:00Z', issues: false, commitsByEmail: new Map(), ...extra });
  return { cache, result };
}
