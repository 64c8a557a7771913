import { Octokit } from '@octokit/rest';
import type { GitHubUser } from '../../shared/admin-api.js';
import { adminListFileSchema } from '../../shared/admin-api.js';
import { LeaderboardError } from '../errors.js';
import type { AdminGateway, GitHubTarget } from './types.js';
import { ADMIN_LIST_PATH, UPDATE_BRANCH } from './types.js';

/** First version: replaced by the client-based implementation shortly; the signature stays. */
export function createGitHubGateway(target: GitHubTarget): AdminGateway {
  const [owner = '', repo = ''] = target.repo.split('/');
  const client = (token: string): Octokit => new Octokit({ auth: token, baseUrl: target.apiUrl, log: { debug() {}, info() {}, warn() {}, error() {} } });
  const wrap = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 401) throw new LeaderboardError('INVALID_TOKEN', 'Invalid GitHub token', undefined, { status: 401 });
      throw new LeaderboardError('GITHUB_ERROR', `GitHub request failed: ${(err as Error).message}`, undefined, { status: status ?? 500, cause: err });
    }
  };
  return {
    verifyToken: (token) => wrap(async (): Promise<GitHubUser> => {
      const gh = client(token);
      const { data: user } = await gh.rest.users.getAuthenticated();
      let email: string | null = user.email ?? null;
      try {
        const { data: emails } = await gh.rest.users.listEmailsForAuthenticatedUser();
        email = (emails.find((e) => e.primary) ?? emails[0])?.email ?? email;
      } catch { /* scope missing: public email */ }
      return { login: user.login, email };
    }),
    readAdminList: (token) => wrap(async () => {
      try {
        const { data } = await client(token).rest.repos.getContent({ owner, repo, path: ADMIN_LIST_PATH });
        if (Array.isArray(data) || data.type !== 'file') return [];
        return adminListFileSchema.parse(JSON.parse(Buffer.from(data.content, 'base64').toString('utf8'))).admins;
      } catch (err) {
        if ((err as { status?: number }).status === 404) return [];
        throw err;
      }
    }),
    saveAdminList: (token, admins, actor) => wrap(async () => {
      void UPDATE_BRANCH; void actor; void admins;
      throw new LeaderboardError('GITHUB_ERROR', 'Not implemented yet', undefined, { status: 501 });
    }),
  };
}
