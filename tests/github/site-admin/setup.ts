import { afterEach, beforeEach, expect } from 'vitest';
import type { SiteAdminConfig } from '../../../src/shared/site-admin.js';
import { createGitHubBackend } from '../../../web/src/admin/github/index.js';
import type { AdminBackend } from '../../../web/src/admin/backend.js';
import { startGitHubEmulator, type EmulatedUserInput, type GitHubEmulator } from '../../support/github-emulator.js';

export const SLUG = 'acme/board';
export const OWNER_TOKEN = 'ghp_owner_secret_token';
export const BOB_TOKEN = 'ghp_bob_secret_token';
export const EVE_TOKEN = 'ghp_eve_secret_token';
export const MANUAL = 'data/manual-contributions.json';
export const OVERRIDES = 'data/ai-overrides.json';
export const ADMIN_LIST = 'admin-list.json';

export const MANUAL_FILE = `${JSON.stringify({
  _instructions: 'Manually assign additional contribution scores here.',
  contributors: {
    Alice: { email: 'alice@example.com', contributions: [{ score: 10, notes: 'talk', start_date: null, end_date: null }] },
    Bob: { contributions: [{ score: 5, notes: 'blog', start_date: '2025-01-01', end_date: null }] },
  },
}, null, 2)}\n`;

export function config(apiUrl: string, over: Partial<SiteAdminConfig> = {}): SiteAdminConfig {
  return {
    repository: SLUG, apiUrl,
    primary: { email: 'owner@example.com', login: 'owner' },
    workflow: 'leaderboard.yml',
    files: { manual: MANUAL, overrides: OVERRIDES, adminList: ADMIN_LIST },
    adminChanges: 'pull-request',
    ...over,
  };
}

export interface Env {
  gh: GitHubEmulator;
  backend(over?: Partial<SiteAdminConfig>, pollMs?: number): AdminBackend;
  addUser(user: EmulatedUserInput): void;
}

/** A fresh emulator per test: acme/board with the board's files, owner (primary admin), bob (listed) and eve (nobody). */
export function useEmulator(): Env {
  const env = {} as Env;
  beforeEach(async () => {
    const gh = await startGitHubEmulator();
    gh.addUser({ login: 'owner', token: OWNER_TOKEN });
    gh.addUser({ login: 'bob', token: BOB_TOKEN, emails: [{ email: 'bob@example.com', primary: true, verified: true, visibility: 'private' }] });
    gh.addUser({ login: 'eve', token: EVE_TOKEN });
    gh.addRepo({
      owner: 'acme', name: 'board', workflows: ['leaderboard.yml'],
      files: { 'README.md': '# board\n', [MANUAL]: MANUAL_FILE, [ADMIN_LIST]: `${JSON.stringify({ admins: ['bob'] }, null, 2)}\n` },
    });
    env.gh = gh;
    env.backend = (over = {}, pollMs = 5) => createGitHubBackend(config(gh.url, over), { pollMs });
    env.addUser = (user) => gh.addUser(user);
  });
  afterEach(async () => {
    expect(env.gh.validationErrors).toEqual([]);
    // The token never appears in a URL.
    for (const r of env.gh.requests) expect(r.url).not.toMatch(/secret_token/);
    await env.gh.close();
  });
  return env;
}

/** Requests that changed something (a write GitHub accepted). */
export const acceptedWrites = (gh: GitHubEmulator) => gh.requests.filter((r) => r.method !== 'GET' && typeof r.status === 'number' && r.status < 300);

/** The rejection of `promise`, failing when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<{ message: string; status: number; code: string | null }> {
  try {
    await promise;
  } catch (err) {
    return err as { message: string; status: number; code: string | null };
  }
  throw new Error('expected a rejection');
}
