import { adminListFileSchema, type GitHubUser } from '../../shared/admin-api.js';
import { adminListFileText } from '../../shared/admin-rules.js';
import { LeaderboardError } from '../errors.js';
import { createGitHubClient, createWriteLimiters, errorStatus, githubCall, type GitHubClient, type GitHubClientOptions } from './client.js';
import { ADMIN_LIST_PATH, UPDATE_BRANCH, type AdminGateway, type GitHubTarget } from './types.js';

export { ADMIN_LIST_INSTRUCTIONS } from '../../shared/admin-rules.js';

/** How often a write of admin-list.json is tried again after its sha went stale (409). */
const STALE_SHA_ATTEMPTS = 3;

/**
 * The real AdminGateway: GitHub's REST API at `target.apiUrl` for the repository `target.repo`,
 * through the retrying, rate-limit-aware client. Every failure is a LeaderboardError
 * (INVALID_TOKEN for a refused token, else GITHUB_ERROR with the HTTP status; 500 for network).
 */
export function createGitHubGateway(target: GitHubTarget, options: GitHubClientOptions = {}): AdminGateway {
  const [owner, repo, ...rest] = target.repo.split('/');
  if (!owner || !repo || rest.length > 0) {
    throw new LeaderboardError('INVALID_CONFIG', `GitHub repository "${target.repo}" must look like owner/name.`, 'Pass --github-repo owner/name or set github.repo in leaderboard.config.json.');
  }
  const limiters = createWriteLimiters(options);
  const client = (token: string): GitHubClient => createGitHubClient(target.apiUrl, token, options, limiters);
  const call = <T>(fn: () => Promise<T>): Promise<T> => githubCall(target.apiUrl, fn);

  return {
    verifyToken: (token) => call(async (): Promise<GitHubUser> => {
      const gh = client(token);
      const { data: user } = await gh.rest.users.getAuthenticated();
      return { login: user.login, email: await primaryEmail(gh, user.email ?? null) };
    }),

    readAdminList: (token) => call(async () => {
      const file = await readFile(client(token), owner, repo, undefined);
      return file === null ? [] : parseAdminList(file.text, target.repo);
    }),

    saveAdminList: (token, admins, actor) => call(async () => {
      const gh = client(token);
      const { data: repository } = await gh.rest.repos.get({ owner, repo });
      const base = repository.default_branch;
      const { data: baseRef } = await gh.rest.git.getRef({ owner, repo, ref: `heads/${base}` });
      // What the open proposal held, before the reset (the spec's) replaces it: said, not lost silently.
      const pending = (await findOpenProposal(gh, owner, repo, base)) ? await proposedList(gh, owner, repo, target.repo) : undefined;
      await resetUpdateBranch(gh, owner, repo, baseRef.object.sha);

      const content = Buffer.from(adminListFileText(admins)).toString('base64');
      const message = `Update admin list (by ${actor.login})`;
      for (let attempt = 1; ; attempt++) {
        const existing = await readFile(gh, owner, repo, UPDATE_BRANCH);
        try {
          await gh.rest.repos.createOrUpdateFileContents({
            owner, repo, path: ADMIN_LIST_PATH, branch: UPDATE_BRANCH, message, content,
            ...(existing ? { sha: existing.sha } : {}),
          });
          break;
        } catch (err) {
          // 409: the file changed since it was read; 422: it appeared meanwhile (no sha sent).
          const stale = errorStatus(err) === 409 || (errorStatus(err) === 422 && !existing);
          if (!stale || attempt >= STALE_SHA_ATTEMPTS) throw err;
        }
      }
      return { pullRequestUrl: await openPullRequest(gh, owner, repo, base, actor), ...(pending ? { pending } : {}) };
    }),

    withdrawAdminProposal: (token) => call(async () => {
      const gh = client(token);
      const { data: repository } = await gh.rest.repos.get({ owner, repo });
      const base = repository.default_branch;
      const open = await findOpenProposal(gh, owner, repo, base);
      if (!open) return { defaultBranch: base, closedPullRequestUrl: null };
      const pending = await proposedList(gh, owner, repo, target.repo);
      const { data: baseRef } = await gh.rest.git.getRef({ owner, repo, ref: `heads/${base}` });
      // GitHub closes a pull request whose head is reset to its base; closed here too, should it not.
      await resetUpdateBranch(gh, owner, repo, baseRef.object.sha);
      if (await findOpenProposal(gh, owner, repo, base)) await gh.rest.pulls.update({ owner, repo, pull_number: open.number, state: 'closed' });
      return { defaultBranch: base, closedPullRequestUrl: open.url, ...(pending ? { pending } : {}) };
    }),
  };
}

/** The open pull request from `leaderboard-updates` to `base`, or null. */
async function findOpenProposal(gh: GitHubClient, owner: string, repo: string, base: string): Promise<{ number: number; url: string } | null> {
  const { data } = await gh.rest.pulls.list({ owner, repo, state: 'open', head: `${owner}:${UPDATE_BRANCH}`, base, per_page: 10 });
  const pr = data[0];
  return pr ? { number: pr.number, url: pr.html_url } : null;
}

/** The list `leaderboard-updates` proposes, or undefined when it holds none (or one that is not valid). */
async function proposedList(gh: GitHubClient, owner: string, repo: string, slug: string): Promise<string[] | undefined> {
  const proposed = await readFile(gh, owner, repo, UPDATE_BRANCH).catch(() => null);
  try {
    return proposed ? parseAdminList(proposed.text, slug) : undefined;
  } catch {
    return undefined;
  }
}

/** The primary email of the signed-in user, else the first; without the user:email scope, the public one. */
async function primaryEmail(gh: GitHubClient, publicEmail: string | null): Promise<string | null> {
  try {
    const { data: emails } = await gh.rest.users.listEmailsForAuthenticatedUser({ per_page: 100 });
    return (emails.find((e) => e.primary) ?? emails[0])?.email ?? publicEmail;
  } catch (err) {
    // 403/404: the token lacks the user:email scope (or it is a GitHub App token).
    if (errorStatus(err) === 403 || errorStatus(err) === 404) return publicEmail;
    throw err;
  }
}

/** admin-list.json on `ref` (default branch when undefined): its text and blob sha, or null when missing. */
async function readFile(gh: GitHubClient, owner: string, repo: string, ref: string | undefined): Promise<{ text: string; sha: string } | null> {
  try {
    const { data } = await gh.rest.repos.getContent({ owner, repo, path: ADMIN_LIST_PATH, ...(ref ? { ref } : {}) });
    if (Array.isArray(data) || data.type !== 'file') {
      throw new LeaderboardError('GITHUB_ERROR', `${ADMIN_LIST_PATH} in ${owner}/${repo} is not a file.`, undefined, { status: 500 });
    }
    return { text: Buffer.from(data.content, 'base64').toString('utf8'), sha: data.sha };
  } catch (err) {
    if (errorStatus(err) !== 404) throw err;
    // No file, or no repository: a mistyped --github-repo read as an empty admin list, and a save to it failed with a bare 404.
    try {
      await gh.rest.repos.get({ owner, repo });
    } catch (missing) {
      if (errorStatus(missing) === 404) {
        throw new LeaderboardError('GITHUB_ERROR', `GitHub repository ${owner}/${repo} was not found, or the token cannot see it.`, 'Check --github-repo (or github.repo in leaderboard.config.json), and that the token has access to that repository.', { status: 404 });
      }
      throw missing;
    }
    return null;
  }
}

/** The admins of an admin-list.json text, validated. */
export function parseAdminList(text: string, repo: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LeaderboardError('INVALID_DATA_FILE', `${ADMIN_LIST_PATH} in ${repo} is not valid JSON: ${(err as Error).message}`, `Fix ${ADMIN_LIST_PATH} on the default branch.`, { status: 500 });
  }
  const parsed = adminListFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`).join('; ');
    throw new LeaderboardError('INVALID_DATA_FILE', `${ADMIN_LIST_PATH} in ${repo} is not a valid admin list: ${issues}`, `It must be {"admins": ["email or username", ...]}; fix it on the default branch.`, { status: 500 });
  }
  return parsed.data.admins;
}

/** Creates `leaderboard-updates` at `sha`, or force-resets it there when it exists. */
async function resetUpdateBranch(gh: GitHubClient, owner: string, repo: string, sha: string): Promise<void> {
  try {
    await gh.rest.git.getRef({ owner, repo, ref: `heads/${UPDATE_BRANCH}` });
  } catch (err) {
    if (errorStatus(err) !== 404) throw err;
    try {
      await gh.rest.git.createRef({ owner, repo, ref: `refs/heads/${UPDATE_BRANCH}`, sha });
      return;
    } catch (createErr) {
      // 422 "Reference already exists": someone created it meanwhile; reset it below.
      if (errorStatus(createErr) !== 422) throw createErr;
    }
  }
  await gh.rest.git.updateRef({ owner, repo, ref: `heads/${UPDATE_BRANCH}`, sha, force: true });
}

/** The open pull request from `leaderboard-updates` to `base`, created when there is none; its html URL. */
async function openPullRequest(gh: GitHubClient, owner: string, repo: string, base: string, actor: GitHubUser): Promise<string> {
  const findOpen = async (): Promise<string | undefined> => {
    const { data } = await gh.rest.pulls.list({ owner, repo, state: 'open', head: `${owner}:${UPDATE_BRANCH}`, base, per_page: 10 });
    return data[0]?.html_url;
  };
  const existing = await findOpen();
  if (existing) return existing;
  try {
    const { data } = await gh.rest.pulls.create({
      owner, repo, base, head: UPDATE_BRANCH,
      title: 'Update leaderboard admin list',
      body: `Proposed from the leaderboard admin panel by @${actor.login}. Merge to apply the new ${ADMIN_LIST_PATH}.`,
    });
    return data.html_url;
  } catch (err) {
    // 422 "A pull request already exists": opened meanwhile by another save.
    if (errorStatus(err) === 422) {
      const raced = await findOpen();
      if (raced) return raced;
    }
    throw err;
  }
}
