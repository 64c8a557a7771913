/**
 * Server tests of the admin API: an in-memory AdminGateway that counts its calls, and a data
 * directory made by a real refresh of a throwaway git repository.
 */
import { LeaderboardError } from '../../src/core/errors.js';
import type { AdminGateway, GitHubTarget } from '../../src/core/github/types.js';
import { defaultConfig } from '../../src/core/config.js';
import { refresh } from '../../src/core/refresh.js';
import type { GitHubUser, PrimaryAdmins } from '../../src/shared/admin-api.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

export const TARGET: GitHubTarget = { repo: 'acme/widgets', apiUrl: 'http://127.0.0.1:1' };
export const PRIMARY: PrimaryAdmins = { email: 'alice@example.com', login: 'alice-gh' };

/** Tokens the fake knows: a primary admin, a listed admin, an outsider. */
export const TOKENS = {
  primary: 'ghp_primary_admin_token_000000000000',
  listed: 'ghp_listed_admin_token_0000000000000',
  outsider: 'ghp_outsider_token_00000000000000000',
  /** GitHub refuses it. */
  bad: 'ghp_refused_token_000000000000000000',
  /** GitHub cannot be reached. */
  network: 'ghp_network_down_token_0000000000000',
  /** GitHub answers 404 (e.g. the token cannot see the repository). */
  notFound: 'ghp_not_found_token_0000000000000000',
} as const;

export const USERS: Record<string, GitHubUser> = {
  [TOKENS.primary]: { login: 'alice-gh', email: 'alice@example.com' },
  [TOKENS.listed]: { login: 'bob', email: null },
  [TOKENS.outsider]: { login: 'eve', email: 'eve@example.com' },
  [TOKENS.notFound]: { login: 'nina', email: 'nina@example.com' },
};

/** An in-memory GitHub: the admin list, the pull requests it opened, and call counts. */
export class FakeGateway implements AdminGateway {
  adminList: string[] = ['bob', 'alice@example.com'];
  calls = { verifyToken: 0, readAdminList: 0, saveAdminList: 0, withdrawAdminProposal: 0 };
  saves: { admins: string[]; actor: GitHubUser }[] = [];
  /** Delay of verifyToken, to test that concurrent requests share one verification. */
  verifyDelayMs = 0;
  /** Thrown by saveAdminList when set. */
  saveError: Error | null = null;

  async verifyToken(token: string): Promise<GitHubUser> {
    this.calls.verifyToken += 1;
    if (this.verifyDelayMs) await new Promise((r) => setTimeout(r, this.verifyDelayMs));
    if (token === TOKENS.network) throw new LeaderboardError('GITHUB_ERROR', 'GitHub request failed: connect ECONNREFUSED', undefined, { cause: new Error('ECONNREFUSED') });
    const user = USERS[token];
    if (!user) throw new LeaderboardError('INVALID_TOKEN', 'Invalid GitHub token');
    return user;
  }

  async readAdminList(token: string): Promise<string[]> {
    this.calls.readAdminList += 1;
    if (token === TOKENS.notFound) throw new LeaderboardError('GITHUB_ERROR', 'GitHub request failed: Not Found', undefined, { cause: Object.assign(new Error('Not Found'), { status: 404 }) });
    return [...this.adminList];
  }

  async saveAdminList(_token: string, admins: string[], actor: GitHubUser): Promise<{ pullRequestUrl: string }> {
    this.calls.saveAdminList += 1;
    if (this.saveError) throw this.saveError;
    this.saves.push({ admins: [...admins], actor });
    return { pullRequestUrl: 'https://github.example/acme/widgets/pull/7' };
  }

  /** Set to an open pull request's URL (and what it proposes) to have withdrawAdminProposal close it. */
  openProposal: { url: string; pending: string[] } | null = null;

  async withdrawAdminProposal(): Promise<{ defaultBranch: string; closedPullRequestUrl: string | null; pending?: string[] }> {
    this.calls.withdrawAdminProposal += 1;
    const open = this.openProposal;
    this.openProposal = null;
    return { defaultBranch: 'main', closedPullRequestUrl: open?.url ?? null, ...(open ? { pending: open.pending } : {}) };
  }
}

/** `Authorization` header of a token. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A repository with three commits, refreshed into `<repo>/.leaderboard`. */
export async function refreshedRepo(): Promise<{ repo: TestRepo; dataDir: string; head: string }> {
  Object.assign(process.env, gitIsolationVars());
  const repo = await createTestRepo();
  await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', date: '2025-03-01T10:00:00Z' });
  await repo.commit({ files: { 'b.ts': 'export const b = 2;\n' }, message: 'fix: b', date: '2025-03-02T10:00:00Z', author: { name: 'Dana', email: 'dana@example.com' } });
  const head = await repo.commit({ files: { 'c.ts': 'export const c = 3;\n' }, message: 'docs: c', date: '2025-03-03T10:00:00Z' });
  const dataDir = `${repo.dir}/.leaderboard`;
  await refresh({ repo: repo.dir, dataDir, config: defaultConfig(), all: true, now: new Date('2025-03-10T00:00:00Z') });
  return { repo, dataDir, head };
}
