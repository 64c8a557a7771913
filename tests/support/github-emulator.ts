/**
 * A local emulator of the GitHub REST endpoints the product uses (users, emails, repos, git refs,
 * contents, pulls, commits, workflow dispatch and runs), on 127.0.0.1 and a free port, with
 * in-memory state, inspection helpers and fault injection. It answers browsers as GitHub's API
 * does (CORS: preflights, `Access-Control-Allow-Origin: *`, the exposed headers), and tells token
 * kinds apart: classic tokens with scopes (X-OAuth-Scopes) and fine-grained ones with permissions
 * (403 and X-Accepted-GitHub-Permissions, checked before the body). Every body it sends (and receives) is validated against GitHub's OpenAPI
 * description; a mismatch is answered with 500 and recorded in `validationErrors`, which tests
 * assert empty, so the emulator cannot silently drift from the real API.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenApiValidator } from './github-openapi.js';

export interface EmulatedEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: 'public' | 'private' | null;
}

export interface EmulatedUserInput {
  login: string;
  token: string;
  name?: string;
  /** The public profile email (what GET /user shows). Default null. */
  publicEmail?: string | null;
  /** What GET /user/emails lists. Default: one primary `<login>@example.com`. */
  emails?: EmulatedEmail[];
  /** Answer GET /user/emails with this status (403/404: the token lacks the user:email scope). */
  emailsStatus?: 403 | 404;
  /**
   * A classic token with these scopes: every answer carries `X-OAuth-Scopes`, writes to a
   * repository without `repo` (or `public_repo`; a dispatch needs `repo`) answer 404 as GitHub does,
   * GET /user/emails without `user:email` (or `user`) answers 404.
   */
  scopes?: string[];
  /**
   * A fine-grained token with these repository permissions (absent: none): no X-OAuth-Scopes; a
   * request lacking one answers 403 'Resource not accessible by personal access token' with
   * `X-Accepted-GitHub-Permissions`, before its body is looked at. GET /repos shows `push` as
   * Contents write. Without `scopes` and `fineGrained` a token may do everything (no scope header).
   */
  fineGrained?: Partial<Record<FineGrainedPermission, 'read' | 'write'>>;
}

export type FineGrainedPermission = 'contents' | 'pull_requests' | 'actions';

export interface EmulatedRepoInput {
  owner: string;
  name: string;
  defaultBranch?: string;
  /** Files of the initial commit, path -> text. */
  files?: Record<string, string>;
  /** Workflow files (e.g. `leaderboard.yml`) that can be dispatched. Default none. */
  workflows?: string[];
}

export interface EmulatedCommit {
  sha: string;
  message: string;
  parents: string[];
  files: Map<string, string>;
  author: { name: string; email: string; date: string };
}

export interface EmulatedPull {
  number: number;
  title: string;
  body: string | null;
  head: string;
  base: string;
  state: 'open' | 'closed';
  user: string;
  createdAt: string;
  htmlUrl: string;
  merged?: boolean;
  closedAt?: string | null;
  mergeCommitSha?: string | null;
  /** A closed pull request's head commit when it was closed (GitHub keeps it; the branch may move on). */
  closedHeadSha?: string;
}

/** A workflow run: its status moves along `steps` ('queued', 'in_progress', 'completed:success'...), one step per GET of the run. */
export interface EmulatedRun {
  id: number;
  workflow: string;
  branch: string;
  event: string;
  status: string;
  conclusion: string | null;
  headSha: string;
  createdAt: string;
  htmlUrl: string;
  /** The steps still to come. */
  steps: string[];
}

interface EmulatedUser {
  id: number;
  login: string;
  name: string | null;
  publicEmail: string | null;
  emails: EmulatedEmail[];
  emailsStatus?: 403 | 404;
  scopes?: string[];
  fineGrained?: Partial<Record<FineGrainedPermission, 'read' | 'write'>>;
}

interface EmulatedRepo {
  id: number;
  owner: string;
  name: string;
  defaultBranch: string;
  branches: Map<string, string>;
  commits: Map<string, EmulatedCommit>;
  pulls: EmulatedPull[];
  createdAt: string;
  protectedBranches: Set<string>;
  workflows: Set<string>;
  runs: EmulatedRun[];
}

/** A canned fault: matched by method and path (substring or RegExp of the pathname), used `times` times. */
export interface FaultRule {
  method?: string;
  path?: string | RegExp;
  /** How many matching requests it applies to. Default 1. */
  times?: number;
  /** Answer with this status (and body, default `{message}`), instead of handling the request. */
  status?: number;
  message?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Destroy the connection without an answer. */
  drop?: boolean;
  /** Wait this long (ms) before answering (or dropping). */
  delayMs?: number;
  /** Run before the request is handled normally (e.g. to change the state under the client). */
  before?: () => void;
}

export interface RequestRecord {
  method: string;
  path: string;
  status: number | 'dropped';
  /** The full URL's path and query as requested (to check that no token ever appears in it). */
  url: string;
  /** The `Origin` header (a browser's request), else null. */
  origin: string | null;
}

/** A CORS preflight (OPTIONS) a browser sent before a request. */
export interface PreflightRecord {
  path: string;
  origin: string | null;
  /** `Access-Control-Request-Method`. */
  requestMethod: string | null;
  /** `Access-Control-Request-Headers`, lower case. */
  requestHeaders: string[];
}

/** What GitHub's API answers browsers with: `Access-Control-Expose-Headers` of api.github.com. */
export const CORS_EXPOSE_HEADERS = 'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset';
/**
 * The request headers GitHub's preflight allows: its documented list, without X-GitHub-Api-Version,
 * which browsers are refused (github/docs#24706), so a page sending it fails here too.
 */
export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent';
export const CORS_ALLOW_METHODS = 'GET, POST, PATCH, PUT, DELETE';

export interface GitHubEmulator {
  /** Base URL to use as the API URL, e.g. http://127.0.0.1:51234 (no trailing slash). */
  url: string;
  addUser(user: EmulatedUserInput): void;
  addRepo(repo: EmulatedRepoInput): void;
  /** Pushes a commit writing `path` on `branch` (as someone else would), returning its sha. */
  pushFile(repo: string, branch: string, path: string, content: string, message: string): string;
  /** Branch name -> head sha. */
  branches(repo: string): Record<string, string>;
  /** Text of `path` at the head of `branch`, null when absent. */
  fileContent(repo: string, branch: string, path: string): string | null;
  /** Commits of `branch`, newest first (first parents). */
  commits(repo: string, branch: string): { sha: string; message: string; author: string }[];
  pulls(repo: string): EmulatedPull[];
  /** Refuse writes to `branch` as a protected branch does (PUT contents 409 'Could not update file: ...', PATCH refs 422). */
  protectBranch(repo: string, branch: string): void;
  /** Makes a commit with this full sha known to GET /repos/{o}/{r}/commits/{ref} (on no branch). */
  addCommitSha(repo: string, sha: string, message?: string): void;
  /** Merges pull request `number` (fast-forward, else a merge commit) and closes it; returns the base's new head. */
  mergePull(repo: string, number: number): string;
  /** Closes pull request `number` without merging it. */
  closePull(repo: string, number: number): void;
  /** Adds a workflow file that can be dispatched. */
  addWorkflow(repo: string, file: string): void;
  /**
   * The statuses the next dispatched runs go through, one per GET of the run, e.g. ['queued',
   * 'in_progress', 'completed:failure']. Default ['queued', 'in_progress', 'completed:success'].
   */
  scriptRuns(steps: string[]): void;
  /** Completes run `id` now with `conclusion` (calling the completion hooks). */
  completeRun(repo: string, id: number, conclusion: string): Promise<void>;
  /** Called when a run completes, before the answer that shows it completed (e.g. to republish the site's data). */
  onRunCompleted(hook: (run: EmulatedRun, repo: string) => void | Promise<void>): void;
  /** Runs of `repo`, oldest first. */
  runs(repo: string): EmulatedRun[];
  /** Queue a fault for the next matching request(s). */
  fault(rule: FaultRule): void;
  /** Faults queued and not used yet. */
  pendingFaults(): number;
  /** Every request handled, in order (preflights are in `preflights`, not here). */
  requests: RequestRecord[];
  /** Every CORS preflight, in order. No request at all from a page: `requests` and `preflights` both empty. */
  preflights: PreflightRecord[];
  /** Responses or requests that did not match GitHub's OpenAPI description. Tests assert this empty. */
  validationErrors: string[];
  close(): Promise<void>;
}

const DOCS = 'https://docs.github.com/rest';
const FIXED_DATE = '2024-01-15T10:00:00Z';

let sharedValidator: OpenApiValidator | undefined;

class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly extra: Record<string, unknown> = {}) {
    super(message);
  }
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');
/** Git's blob id of a text. */
const blobSha = (text: string): string => sha1(`blob ${Buffer.byteLength(text)}\0${text}`);

/**
 * Starts the emulator on 127.0.0.1, port 0. `pathPrefix` serves the API under a path, as GitHub
 * Enterprise Server does under `/api/v3`; requests outside it get 404.
 */
export async function startGitHubEmulator(options: {
  pathPrefix?: string;
  /**
   * false: dispatches answer 204 even when `return_run_details` is asked (a server ignoring it);
   * 'refused': a dispatch sending it answers 422 '"return_run_details" is not a permitted key.', as
   * GitHub Enterprise Server 3.19 does. Default true.
   */
  dispatchRunDetails?: boolean | 'refused';
  /**
   * Whether moving a pull request's head branch back onto its base closes the pull request, as
   * GitHub does (default true). GitHub does it after the push, so a client may still see it open
   * right after: false shows that moment.
   */
  closeEmptiedPulls?: boolean;
} = {}): Promise<GitHubEmulator> {
  const prefix = (options.pathPrefix ?? '').replace(/\/+$/, '');
  sharedValidator ??= new OpenApiValidator();
  const validator = sharedValidator;
  const users = new Map<string, EmulatedUser>();
  const usersByLogin = new Map<string, EmulatedUser>();
  const repos = new Map<string, EmulatedRepo>();
  const faults: (FaultRule & { left: number })[] = [];
  const requests: RequestRecord[] = [];
  const preflights: PreflightRecord[] = [];
  const validationErrors: string[] = [];
  const runHooks: ((run: EmulatedRun, repo: string) => void | Promise<void>)[] = [];
  let runSteps = ['queued', 'in_progress', 'completed:success'];
  let nextRunId = 7000;
  let nextId = 1000;
  let commitCounter = 0;
  let base = '';

  const repoOf = (slug: string): EmulatedRepo => {
    const repo = repos.get(slug.toLowerCase());
    if (!repo) throw new Error(`emulator: no repository ${slug}`);
    return repo;
  };

  const makeCommit = (repo: EmulatedRepo, parent: string | string[] | null, files: Map<string, string>, message: string, author: { name: string; email: string }, fixedSha?: string): string => {
    const date = new Date(Date.parse(FIXED_DATE) + ++commitCounter * 60_000).toISOString().replace('.000Z', 'Z');
    const parents = parent === null ? [] : Array.isArray(parent) ? parent : [parent];
    const sha = fixedSha ?? sha1(`commit ${commitCounter} ${parents.join(',')} ${message}`);
    repo.commits.set(sha, { sha, message, parents, files, author: { ...author, date } });
    return sha;
  };

  const headFiles = (repo: EmulatedRepo, branch: string): Map<string, string> | undefined => {
    const head = repo.branches.get(branch);
    return head ? repo.commits.get(head)?.files : undefined;
  };

  // ---- response shapes (all validated before they are sent) ----

  const userUrls = (login: string) => ({
    avatar_url: `${base}/avatars/${login}`,
    events_url: `${base}/users/${login}/events{/privacy}`,
    followers_url: `${base}/users/${login}/followers`,
    following_url: `${base}/users/${login}/following{/other_user}`,
    gists_url: `${base}/users/${login}/gists{/gist_id}`,
    gravatar_id: '',
    html_url: `${base}/${login}`,
    organizations_url: `${base}/users/${login}/orgs`,
    received_events_url: `${base}/users/${login}/received_events`,
    repos_url: `${base}/users/${login}/repos`,
    site_admin: false,
    starred_url: `${base}/users/${login}/starred{/owner}{/repo}`,
    subscriptions_url: `${base}/users/${login}/subscriptions`,
    url: `${base}/users/${login}`,
  });

  const simpleUser = (login: string) => {
    const user = usersByLogin.get(login.toLowerCase());
    return { login, id: user?.id ?? 1, node_id: `U_${login}`, type: 'User', user_view_type: 'public', ...userUrls(login) };
  };

  const privateUser = (user: EmulatedUser) => ({
    ...simpleUser(user.login),
    user_view_type: 'private',
    name: user.name, company: null, blog: '', location: null, email: user.publicEmail, hireable: null, bio: null,
    twitter_username: null, public_repos: 1, public_gists: 0, followers: 0, following: 0,
    created_at: FIXED_DATE, updated_at: FIXED_DATE,
    private_gists: 0, total_private_repos: 0, owned_private_repos: 0, disk_usage: 0, collaborators: 0,
    two_factor_authentication: true,
  });

  /** Whether a fine-grained token has `permission` at `level` (classic and unrestricted tokens: yes). */
  const allows = (user: EmulatedUser | undefined, permission: FineGrainedPermission, level: 'read' | 'write'): boolean => {
    if (!user?.fineGrained) return true;
    const granted = user.fineGrained[permission];
    return granted === 'write' || (granted === 'read' && level === 'read');
  };

  const repository = (repo: EmulatedRepo, user?: EmulatedUser) => {
    const r = `${base}/repos/${repo.owner}/${repo.name}`;
    return {
      id: repo.id, node_id: `R_${repo.id}`, name: repo.name, full_name: `${repo.owner}/${repo.name}`,
      owner: simpleUser(repo.owner), private: false, html_url: `${base}/${repo.owner}/${repo.name}`,
      description: null, fork: false, url: r,
      archive_url: `${r}/{archive_format}{/ref}`, assignees_url: `${r}/assignees{/user}`, blobs_url: `${r}/git/blobs{/sha}`,
      branches_url: `${r}/branches{/branch}`, collaborators_url: `${r}/collaborators{/collaborator}`,
      comments_url: `${r}/comments{/number}`, commits_url: `${r}/commits{/sha}`, compare_url: `${r}/compare/{base}...{head}`,
      contents_url: `${r}/contents/{+path}`, contributors_url: `${r}/contributors`, deployments_url: `${r}/deployments`,
      downloads_url: `${r}/downloads`, events_url: `${r}/events`, forks_url: `${r}/forks`,
      git_commits_url: `${r}/git/commits{/sha}`, git_refs_url: `${r}/git/refs{/sha}`, git_tags_url: `${r}/git/tags{/sha}`,
      git_url: `git://127.0.0.1/${repo.owner}/${repo.name}.git`, issue_comment_url: `${r}/issues/comments{/number}`,
      issue_events_url: `${r}/issues/events{/number}`, issues_url: `${r}/issues{/number}`, keys_url: `${r}/keys{/key_id}`,
      labels_url: `${r}/labels{/name}`, languages_url: `${r}/languages`, merges_url: `${r}/merges`,
      milestones_url: `${r}/milestones{/number}`, notifications_url: `${r}/notifications{?since,all,participating}`,
      pulls_url: `${r}/pulls{/number}`, releases_url: `${r}/releases{/id}`, ssh_url: `git@127.0.0.1:${repo.owner}/${repo.name}.git`,
      stargazers_url: `${r}/stargazers`, statuses_url: `${r}/statuses/{sha}`, subscribers_url: `${r}/subscribers`,
      subscription_url: `${r}/subscription`, tags_url: `${r}/tags`, teams_url: `${r}/teams`, trees_url: `${r}/git/trees{/sha}`,
      clone_url: `${base}/${repo.owner}/${repo.name}.git`, mirror_url: null, hooks_url: `${r}/hooks`,
      svn_url: `${base}/${repo.owner}/${repo.name}`, homepage: null, language: 'TypeScript',
      forks_count: 0, forks: 0, stargazers_count: 0, watchers_count: 0, watchers: 0, size: 1,
      default_branch: repo.defaultBranch, open_issues_count: 0, open_issues: 0, is_template: false, topics: [],
      has_issues: true, has_projects: true, has_wiki: true, has_pages: false, has_downloads: true, has_discussions: false,
      archived: false, disabled: false, visibility: 'public',
      pushed_at: FIXED_DATE, created_at: repo.createdAt, updated_at: FIXED_DATE,
      permissions: { admin: false, maintain: false, push: allows(user, 'contents', 'write'), triage: true, pull: true },
      license: null, allow_forking: true, web_commit_signoff_required: false,
    };
  };

  const fullRepository = (repo: EmulatedRepo, user?: EmulatedUser) => ({ ...repository(repo, user), network_count: 0, subscribers_count: 1 });

  const gitRef = (repo: EmulatedRepo, branch: string, sha: string) => ({
    ref: `refs/heads/${branch}`, node_id: `REF_${branch}`,
    url: `${base}/repos/${repo.owner}/${repo.name}/git/refs/heads/${branch}`,
    object: { type: 'commit', sha, url: `${base}/repos/${repo.owner}/${repo.name}/git/commits/${sha}` },
  });

  const fileLinks = (repo: EmulatedRepo, path: string, ref: string, sha: string) => ({
    url: `${base}/repos/${repo.owner}/${repo.name}/contents/${path}?ref=${ref}`,
    html_url: `${base}/${repo.owner}/${repo.name}/blob/${ref}/${path}`,
    git_url: `${base}/repos/${repo.owner}/${repo.name}/git/blobs/${sha}`,
    download_url: `${base}/${repo.owner}/${repo.name}/raw/${ref}/${path}`,
  });

  const contentFile = (repo: EmulatedRepo, path: string, ref: string, text: string) => {
    const sha = blobSha(text);
    const links = fileLinks(repo, path, ref, sha);
    const b64 = Buffer.from(text).toString('base64').replace(/.{60}/g, '$&\n');
    return {
      type: 'file', encoding: 'base64', size: Buffer.byteLength(text), name: path.split('/').pop() ?? path, path,
      content: `${b64}\n`, sha, ...links,
      _links: { self: links.url, git: links.git_url, html: links.html_url },
    };
  };

  const pullShape = (repo: EmulatedRepo, pr: EmulatedPull, full: boolean) => {
    const r = `${base}/repos/${repo.owner}/${repo.name}`;
    const link = (href: string) => ({ href });
    const side = (branch: string) => ({
      label: `${repo.owner}:${branch}`, ref: branch,
      sha: (branch === pr.head ? pr.closedHeadSha : undefined) ?? repo.branches.get(branch) ?? '0'.repeat(40),
      repo: repository(repo), user: simpleUser(repo.owner),
    });
    const simple = {
      url: `${r}/pulls/${pr.number}`, id: 5000 + pr.number, node_id: `PR_${pr.number}`, html_url: pr.htmlUrl,
      diff_url: `${pr.htmlUrl}.diff`, patch_url: `${pr.htmlUrl}.patch`, issue_url: `${r}/issues/${pr.number}`,
      commits_url: `${r}/pulls/${pr.number}/commits`, review_comments_url: `${r}/pulls/${pr.number}/comments`,
      review_comment_url: `${r}/pulls/comments{/number}`, comments_url: `${r}/issues/${pr.number}/comments`,
      statuses_url: `${r}/statuses/${repo.branches.get(pr.head) ?? ''}`,
      number: pr.number, state: pr.state, locked: false, title: pr.title, user: simpleUser(pr.user), body: pr.body,
      labels: [], milestone: null, active_lock_reason: null, created_at: pr.createdAt, updated_at: pr.createdAt,
      closed_at: pr.closedAt ?? null, merged_at: pr.merged ? pr.closedAt ?? null : null, merge_commit_sha: pr.mergeCommitSha ?? null, assignee: null, assignees: [], requested_reviewers: [],
      requested_teams: [], head: side(pr.head), base: side(pr.base),
      _links: {
        self: link(`${r}/pulls/${pr.number}`), html: link(pr.htmlUrl), issue: link(`${r}/issues/${pr.number}`),
        comments: link(`${r}/issues/${pr.number}/comments`), review_comments: link(`${r}/pulls/${pr.number}/comments`),
        review_comment: link(`${r}/pulls/comments{/number}`), commits: link(`${r}/pulls/${pr.number}/commits`),
        statuses: link(`${r}/statuses/${repo.branches.get(pr.head) ?? ''}`),
      },
      author_association: 'OWNER', auto_merge: null, draft: false,
    };
    if (!full) return simple;
    return {
      ...simple, merged: pr.merged ?? false, mergeable: null, rebaseable: null, mergeable_state: 'unknown', merged_by: null,
      comments: 0, review_comments: 0, maintainer_can_modify: false, commits: 1, additions: 1, deletions: 0, changed_files: 1,
    };
  };

  const commitShape = (repo: EmulatedRepo, commit: EmulatedCommit) => {
    const r = `${base}/repos/${repo.owner}/${repo.name}`;
    const html = `${base}/${repo.owner}/${repo.name}/commit/${commit.sha}`;
    const person = { name: commit.author.name, email: commit.author.email, date: commit.author.date };
    return {
      url: `${r}/commits/${commit.sha}`, sha: commit.sha, node_id: `C_${commit.sha}`, html_url: html, comments_url: `${r}/commits/${commit.sha}/comments`,
      commit: {
        url: `${r}/git/commits/${commit.sha}`, author: person, committer: person, message: commit.message, comment_count: 0,
        tree: { sha: sha1(commit.sha), url: `${r}/git/trees/${sha1(commit.sha)}` },
        verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
      },
      author: null, committer: null,
      parents: commit.parents.map((p) => ({ sha: p, url: `${r}/commits/${p}`, html_url: `${base}/${repo.owner}/${repo.name}/commit/${p}` })),
      stats: { additions: 1, deletions: 0, total: 1 }, files: [],
    };
  };

  const runShape = (repo: EmulatedRepo, run: EmulatedRun, user: string) => {
    const r = `${base}/repos/${repo.owner}/${repo.name}`;
    const commit = repo.commits.get(run.headSha);
    const person = { name: commit?.author.name ?? repo.owner, email: commit?.author.email ?? `${repo.owner}@example.com` };
    const workflowId = 100 + [...repo.workflows].indexOf(run.workflow);
    return {
      id: run.id, name: run.workflow.replace(/\.ya?ml$/, ''), node_id: `WFR_${run.id}`, check_suite_id: run.id + 1, check_suite_node_id: `CS_${run.id}`,
      head_branch: run.branch, head_sha: run.headSha, path: `.github/workflows/${run.workflow}`, run_number: run.id - 7000, run_attempt: 1,
      referenced_workflows: [], event: run.event, status: run.status, conclusion: run.conclusion, workflow_id: workflowId,
      url: `${r}/actions/runs/${run.id}`, html_url: run.htmlUrl, pull_requests: [], created_at: run.createdAt, updated_at: run.createdAt,
      actor: simpleUser(user), triggering_actor: simpleUser(user), run_started_at: run.createdAt,
      jobs_url: `${r}/actions/runs/${run.id}/jobs`, logs_url: `${r}/actions/runs/${run.id}/logs`, check_suite_url: `${r}/check-suites/${run.id + 1}`,
      artifacts_url: `${r}/actions/runs/${run.id}/artifacts`, cancel_url: `${r}/actions/runs/${run.id}/cancel`, rerun_url: `${r}/actions/runs/${run.id}/rerun`,
      previous_attempt_url: null, workflow_url: `${r}/actions/workflows/${workflowId}`,
      head_commit: { id: run.headSha, tree_id: sha1(run.headSha), message: commit?.message ?? '', timestamp: commit?.author.date ?? FIXED_DATE, author: person, committer: person },
      repository: repository(repo), head_repository: repository(repo), display_title: run.workflow.replace(/\.ya?ml$/, ''),
    };
  };

  /** Sets a run's status from its next step ('completed:<conclusion>' completes it) and calls the hooks on completion. */
  const applyStep = async (repo: EmulatedRepo, run: EmulatedRun, step: string) => {
    if (run.status === 'completed') return;
    const [status = 'queued', conclusion] = step.split(':');
    run.status = status;
    if (status === 'completed') {
      run.conclusion = conclusion ?? 'success';
      run.steps = [];
      for (const hook of runHooks) await hook({ ...run }, `${repo.owner}/${repo.name}`);
    }
  };

  // ---- routes: [method, OpenAPI template, pattern, handler] ----

  interface Ctx {
    user: EmulatedUser;
    params: string[];
    query: URLSearchParams;
    body: Record<string, unknown>;
  }
  type Result = { status: number; body: unknown };
  type Handler = (ctx: Ctx) => Result | Promise<Result>;

  const repoParam = (ctx: Ctx): EmulatedRepo => {
    const repo = repos.get(`${ctx.params[0]}/${ctx.params[1]}`.toLowerCase());
    if (!repo) throw new HttpError(404, 'Not Found');
    return repo;
  };
  const str = (ctx: Ctx, key: string): string | undefined => {
    const v = ctx.body[key];
    return typeof v === 'string' ? v : undefined;
  };

  const routes: [string, string, RegExp, Handler][] = [
    ['GET', '/user', /^\/user$/, (ctx) => ({ status: 200, body: privateUser(ctx.user) })],
    ['GET', '/user/emails', /^\/user\/emails$/, (ctx) => {
      if (ctx.user.emailsStatus === 403) throw new HttpError(403, 'Resource not accessible by personal access token');
      if (ctx.user.emailsStatus === 404) throw new HttpError(404, 'Not Found');
      return { status: 200, body: ctx.user.emails };
    }],
    ['GET', '/repos/{owner}/{repo}', /^\/repos\/([^/]+)\/([^/]+)$/, (ctx) => ({ status: 200, body: fullRepository(repoParam(ctx), ctx.user) })],
    ['GET', '/repos/{owner}/{repo}/git/ref/{ref}', /^\/repos\/([^/]+)\/([^/]+)\/git\/ref\/heads\/(.+)$/, (ctx) => {
      const repo = repoParam(ctx);
      const branch = ctx.params[2] ?? '';
      const sha = repo.branches.get(branch);
      if (!sha) throw new HttpError(404, 'Not Found');
      return { status: 200, body: gitRef(repo, branch, sha) };
    }],
    ['POST', '/repos/{owner}/{repo}/git/refs', /^\/repos\/([^/]+)\/([^/]+)\/git\/refs$/, (ctx) => {
      const repo = repoParam(ctx);
      const ref = str(ctx, 'ref') ?? '';
      const sha = str(ctx, 'sha') ?? '';
      if (!ref.startsWith('refs/') || ref.split('/').length < 3) throw new HttpError(422, 'Reference name must start with \'refs/\' and have at least two slashes.');
      const branch = ref.replace(/^refs\/heads\//, '');
      if (repo.branches.has(branch)) throw new HttpError(422, 'Reference already exists');
      if (!repo.commits.has(sha)) throw new HttpError(422, 'Object does not exist');
      repo.branches.set(branch, sha);
      return { status: 201, body: gitRef(repo, branch, sha) };
    }],
    ['PATCH', '/repos/{owner}/{repo}/git/refs/{ref}', /^\/repos\/([^/]+)\/([^/]+)\/git\/refs\/heads\/(.+)$/, (ctx) => {
      const repo = repoParam(ctx);
      const branch = ctx.params[2] ?? '';
      const sha = str(ctx, 'sha') ?? '';
      const current = repo.branches.get(branch);
      if (!current) throw new HttpError(422, 'Reference does not exist');
      if (!repo.commits.has(sha)) throw new HttpError(422, 'Object does not exist');
      if (repo.protectedBranches.has(branch)) throw new HttpError(422, ctx.body.force === true ? 'Cannot force-push to this protected branch' : `Protected branch update failed for refs/heads/${branch}.`);
      if (ctx.body.force !== true && !isAncestor(repo, current, sha)) throw new HttpError(422, 'Update is not a fast forward');
      repo.branches.set(branch, sha);
      // As GitHub does: an open pull request whose head now has no commits its base lacks is
      // closed, for good (it cannot be reopened).
      for (const pr of options.closeEmptiedPulls === false ? [] : repo.pulls) {
        const baseHead = repo.branches.get(pr.base);
        if (pr.state === 'open' && pr.head === branch && baseHead && isAncestor(repo, sha, baseHead)) {
          Object.assign(pr, { state: 'closed', closedAt: FIXED_DATE, closedHeadSha: sha });
        }
      }
      return { status: 200, body: gitRef(repo, branch, sha) };
    }],
    ['GET', '/repos/{owner}/{repo}/contents/{path}', /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/, (ctx) => {
      const repo = repoParam(ctx);
      const path = ctx.params[2] ?? '';
      const ref = ctx.query.get('ref') ?? repo.defaultBranch;
      const text = headFiles(repo, ref)?.get(path);
      if (text === undefined) throw new HttpError(404, 'Not Found');
      return { status: 200, body: contentFile(repo, path, ref, text) };
    }],
    ['PUT', '/repos/{owner}/{repo}/contents/{path}', /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/, (ctx) => {
      const repo = repoParam(ctx);
      const path = ctx.params[2] ?? '';
      const branch = str(ctx, 'branch') ?? repo.defaultBranch;
      const head = repo.branches.get(branch);
      if (!head) throw new HttpError(404, `Branch ${branch} not found`);
      const files = new Map(repo.commits.get(head)?.files);
      const existing = files.get(path);
      const sha = str(ctx, 'sha');
      if (existing !== undefined && sha === undefined) throw new HttpError(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
      if (sha !== undefined && (existing === undefined || blobSha(existing) !== sha)) {
        throw new HttpError(409, `${path} does not match ${sha}`);
      }
      if (repo.protectedBranches.has(branch)) {
        throw new HttpError(409, 'Could not update file: Changes must be made through a pull request.', { documentation_url: 'https://docs.github.com/articles/about-protected-branches' });
      }
      const text = Buffer.from(str(ctx, 'content') ?? '', 'base64').toString('utf8');
      files.set(path, text);
      const author = { name: ctx.user.name ?? ctx.user.login, email: ctx.user.emails[0]?.email ?? `${ctx.user.login}@users.noreply.github.com` };
      const commitSha = makeCommit(repo, head, files, str(ctx, 'message') ?? '', author);
      repo.branches.set(branch, commitSha);
      const content = contentFile(repo, path, branch, text);
      const r = `${base}/repos/${repo.owner}/${repo.name}`;
      const commit = repo.commits.get(commitSha);
      return {
        status: existing === undefined ? 201 : 200,
        body: {
          content: { name: content.name, path, sha: content.sha, size: content.size, url: content.url, html_url: content.html_url, git_url: content.git_url, download_url: content.download_url, type: 'file', _links: content._links },
          commit: {
            sha: commitSha, node_id: `C_${commitSha}`, url: `${r}/git/commits/${commitSha}`, html_url: `${base}/${repo.owner}/${repo.name}/commit/${commitSha}`,
            author: commit?.author, committer: commit?.author, message: commit?.message,
            tree: { url: `${r}/git/trees/${sha1(commitSha)}`, sha: sha1(commitSha) },
            parents: [{ url: `${r}/git/commits/${head}`, html_url: `${base}/${repo.owner}/${repo.name}/commit/${head}`, sha: head }],
            verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
          },
        },
      };
    }],
    ['GET', '/repos/{owner}/{repo}/pulls', /^\/repos\/([^/]+)\/([^/]+)\/pulls$/, (ctx) => {
      const repo = repoParam(ctx);
      const state = ctx.query.get('state') ?? 'open';
      const head = ctx.query.get('head');
      const baseBranch = ctx.query.get('base');
      const list = repo.pulls.filter((p) => (state === 'all' || p.state === state)
        && (!head || `${repo.owner}:${p.head}`.toLowerCase() === head.toLowerCase())
        && (!baseBranch || p.base === baseBranch));
      return { status: 200, body: list.map((p) => pullShape(repo, p, false)) };
    }],
    ['POST', '/repos/{owner}/{repo}/pulls', /^\/repos\/([^/]+)\/([^/]+)\/pulls$/, (ctx) => {
      const repo = repoParam(ctx);
      const head = (str(ctx, 'head') ?? '').replace(/^[^:]+:/, '');
      const baseBranch = str(ctx, 'base') ?? '';
      const invalid = (field: string, code: string, message?: string) =>
        new HttpError(422, 'Validation Failed', { errors: [{ resource: 'PullRequest', field, code, ...(message ? { message } : {}) }] });
      if (!repo.branches.has(head)) throw invalid('head', 'invalid');
      if (!repo.branches.has(baseBranch)) throw invalid('base', 'invalid');
      if (repo.pulls.some((p) => p.state === 'open' && p.head === head && p.base === baseBranch)) {
        throw invalid('', 'custom', `A pull request already exists for ${repo.owner}:${head}.`);
      }
      // Its head's commits are all in the base already (equal to it, or behind it).
      if (isAncestor(repo, repo.branches.get(head) ?? '', repo.branches.get(baseBranch) ?? '')) throw invalid('', 'custom', `No commits between ${baseBranch} and ${head}`);
      const number = repo.pulls.length + 1;
      const pr: EmulatedPull = {
        number, title: str(ctx, 'title') ?? '', body: str(ctx, 'body') ?? null, head, base: baseBranch, state: 'open',
        user: ctx.user.login, createdAt: FIXED_DATE, htmlUrl: `${base}/${repo.owner}/${repo.name}/pull/${number}`,
      };
      repo.pulls.push(pr);
      return { status: 201, body: pullShape(repo, pr, true) };
    }],
    ['PATCH', '/repos/{owner}/{repo}/pulls/{pull_number}', /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/, (ctx) => {
      const repo = repoParam(ctx);
      const pr = repo.pulls.find((p) => p.number === Number(ctx.params[2]));
      if (!pr) throw new HttpError(404, 'Not Found');
      const state = str(ctx, 'state');
      if (state === 'closed' && pr.state === 'open') Object.assign(pr, { state: 'closed', closedAt: FIXED_DATE, closedHeadSha: repo.branches.get(pr.head) ?? '' });
      if (state === 'open' && pr.state === 'closed' && !pr.merged) {
        const headSha = repo.branches.get(pr.head);
        if (!headSha || isAncestor(repo, headSha, repo.branches.get(pr.base) ?? '')) throw new HttpError(422, 'Validation Failed', { errors: [{ resource: 'PullRequest', code: 'custom', message: 'state cannot be changed. The head branch has no new commits.' }] });
        Object.assign(pr, { state: 'open', closedAt: null });
        delete pr.closedHeadSha;
      }
      const title = str(ctx, 'title');
      if (title !== undefined) pr.title = title;
      const body = str(ctx, 'body');
      if (body !== undefined) pr.body = body;
      return { status: 200, body: pullShape(repo, pr, true) };
    }],
    ['GET', '/repos/{owner}/{repo}/commits/{ref}', /^\/repos\/([^/]+)\/([^/]+)\/commits\/(.+)$/, (ctx) => {
      const repo = repoParam(ctx);
      const ref = ctx.params[2] ?? '';
      const branchHead = repo.branches.get(ref.replace(/^refs\/heads\//, ''));
      const candidates = branchHead ? [branchHead]
        : /^[0-9a-f]{4,40}$/i.test(ref) ? [...repo.commits.keys()].filter((sha) => sha.startsWith(ref.toLowerCase())) : [];
      const commit = candidates.length === 1 ? repo.commits.get(candidates[0] ?? '') : undefined;
      if (!commit) throw new HttpError(422, `No commit found for SHA: ${ref}`);
      return { status: 200, body: commitShape(repo, commit) };
    }],
    ['POST', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', /^\/repos\/([^/]+)\/([^/]+)\/actions\/workflows\/([^/]+)\/dispatches$/, async (ctx) => {
      const repo = repoParam(ctx);
      const workflow = ctx.params[2] ?? '';
      if (!repo.workflows.has(workflow)) throw new HttpError(404, 'Not Found');
      const ref = str(ctx, 'ref') ?? '';
      const branch = ref.replace(/^refs\/heads\//, '');
      const head = repo.branches.get(branch);
      if (!head) throw new HttpError(422, `No ref found for: ${ref}`);
      if (options.dispatchRunDetails === 'refused' && 'return_run_details' in ctx.body) throw new HttpError(422, '"return_run_details" is not a permitted key.');
      const id = nextRunId++;
      const [first = 'queued', ...rest] = runSteps;
      const run: EmulatedRun = {
        id, workflow, branch, event: 'workflow_dispatch', status: 'queued', conclusion: null, headSha: head,
        createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), htmlUrl: `${base}/${repo.owner}/${repo.name}/actions/runs/${id}`, steps: rest,
      };
      repo.runs.push(run);
      await applyStep(repo, run, first);
      if (ctx.body.return_run_details === true && options.dispatchRunDetails !== false) {
        return { status: 200, body: { workflow_run_id: id, run_url: `${base}/repos/${repo.owner}/${repo.name}/actions/runs/${id}`, html_url: run.htmlUrl } };
      }
      return { status: 204, body: undefined };
    }],
    ['GET', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', /^\/repos\/([^/]+)\/([^/]+)\/actions\/workflows\/([^/]+)\/runs$/, (ctx) => {
      const repo = repoParam(ctx);
      const workflow = ctx.params[2] ?? '';
      if (!repo.workflows.has(workflow)) throw new HttpError(404, 'Not Found');
      const event = ctx.query.get('event');
      const branch = ctx.query.get('branch');
      const status = ctx.query.get('status');
      const list = repo.runs.filter((r) => r.workflow === workflow && (!event || r.event === event) && (!branch || r.branch === branch) && (!status || r.status === status))
        .sort((a, b) => b.id - a.id);
      return { status: 200, body: { total_count: list.length, workflow_runs: list.map((r) => runShape(repo, r, ctx.user.login)) } };
    }],
    ['GET', '/repos/{owner}/{repo}/actions/runs/{run_id}', /^\/repos\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)$/, async (ctx) => {
      const repo = repoParam(ctx);
      const run = repo.runs.find((r) => r.id === Number(ctx.params[2]));
      if (!run) throw new HttpError(404, 'Not Found');
      const body = runShape(repo, run, ctx.user.login);
      // Answers the current step, then moves to the next one (completing runs the hooks, so what
      // the run publishes is in place before any answer shows it completed).
      const next = run.steps.shift();
      if (next !== undefined) await applyStep(repo, run, next);
      return { status: 200, body };
    }],
  ];

  /** What a fine-grained token needs for a route: [permission, level], or null (metadata, user). */
  const permissionOf = (method: string, template: string): [FineGrainedPermission, 'read' | 'write'] | null => {
    const level = method === 'GET' ? 'read' : 'write';
    if (/\/actions\//.test(template)) return ['actions', level];
    if (/\/pulls/.test(template)) return ['pull_requests', level];
    if (/\/(contents|git|commits)\//.test(template) || template.endsWith('/git/refs')) return ['contents', level];
    return null;
  };

  function isAncestor(repo: EmulatedRepo, ancestor: string, of: string): boolean {
    for (let sha: string | undefined = of; sha; sha = repo.commits.get(sha)?.parents[0]) if (sha === ancestor) return true;
    return false;
  }

  // ---- the server ----

  const send = (res: ServerResponse, record: RequestRecord, template: string | undefined, method: string, status: number, body: unknown, headers: Record<string, string> = {}) => {
    let payload = body;
    let code = status;
    if (template) {
      const problems = validator.validateResponse(template, method, status, body);
      if (problems.length > 0) {
        const text = `emulator response ${method} ${template} ${status} does not match GitHub's OpenAPI description: ${problems.join('; ')}`;
        validationErrors.push(text);
        payload = { message: text, documentation_url: DOCS };
        code = 500;
      }
    }
    record.status = code;
    res.writeHead(code, {
      ...(code === 204 ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-used': '1', 'x-ratelimit-resource': 'core',
      'x-github-api-version-selected': '2022-11-28', 'x-github-request-id': `EMU:${requests.length}`,
      'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSE_HEADERS,
      ...headers,
    });
    res.end(code === 204 ? undefined : JSON.stringify(payload));
  };

  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator.test');
    // Octokit sends `{ref}` and `{path}` with their slashes encoded.
    const full = url.pathname.split('/').map((s) => decodeURIComponent(s)).join('/');
    const pathname = !prefix ? full : full.startsWith(`${prefix}/`) ? full.slice(prefix.length) : `/outside-the-api-prefix${full}`;
    const method = (req.method ?? 'GET').toUpperCase();
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : null;
    if (method === 'OPTIONS') {
      // A browser's CORS preflight: answered without authentication, as GitHub does.
      preflights.push({
        path: pathname, origin,
        requestMethod: typeof req.headers['access-control-request-method'] === 'string' ? req.headers['access-control-request-method'] : null,
        requestHeaders: String(req.headers['access-control-request-headers'] ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
      });
      await readBody(req);
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': CORS_ALLOW_HEADERS,
        'access-control-allow-methods': CORS_ALLOW_METHODS,
        'access-control-expose-headers': CORS_EXPOSE_HEADERS,
        'access-control-max-age': '86400',
        vary: 'Accept-Encoding, Accept, X-Requested-With',
      });
      res.end();
      return;
    }
    const record: RequestRecord = { method, path: pathname, status: 0, url: req.url ?? '/', origin };
    requests.push(record);
    const text = await readBody(req);
    const route = routes.find(([m, , re]) => m === method && re.test(pathname));
    const template = route?.[1];

    const faultIndex = faults.findIndex((f) => (!f.method || f.method.toUpperCase() === method)
      && (!f.path || (typeof f.path === 'string' ? pathname.includes(f.path) : f.path.test(pathname))));
    const fault = faults[faultIndex];
    if (fault) {
      if (--fault.left <= 0) faults.splice(faultIndex, 1);
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.drop) {
        record.status = 'dropped';
        req.socket.destroy();
        return;
      }
      fault.before?.();
      if (fault.status !== undefined) {
        send(res, record, template, method, fault.status, fault.body ?? { message: fault.message ?? 'Emulated failure', documentation_url: DOCS }, fault.headers);
        return;
      }
    }

    const auth = /^(?:token|bearer)\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const user = auth ? users.get(auth) : undefined;
    if (!user) {
      send(res, record, template, method, 401, { message: auth ? 'Bad credentials' : 'Requires authentication', documentation_url: DOCS, status: '401' });
      return;
    }
    if (!route) {
      send(res, record, undefined, method, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
      return;
    }
    const [, tmpl, pattern, handler] = route;
    // What the token may do, checked before its body is looked at (as GitHub does).
    const tokenHeaders: Record<string, string> = {};
    if (user.scopes) {
      tokenHeaders['x-oauth-scopes'] = user.scopes.join(', ');
      tokenHeaders['x-accepted-oauth-scopes'] = tmpl.startsWith('/repos/') ? 'repo' : tmpl === '/user/emails' ? 'user, user:email' : '';
      const has = (...any: string[]) => any.some((scope) => user.scopes?.includes(scope));
      const denied = tmpl === '/user/emails' ? !has('user', 'user:email')
        : method !== 'GET' && tmpl.startsWith('/repos/') && !(tmpl.includes('/actions/') ? has('repo') : has('repo', 'public_repo'));
      if (denied) {
        send(res, record, tmpl, method, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' }, tokenHeaders);
        return;
      }
    }
    const needed = user.fineGrained ? permissionOf(method, tmpl) : null;
    if (needed && !allows(user, needed[0], needed[1])) {
      send(res, record, tmpl, method, 403, { message: 'Resource not accessible by personal access token', documentation_url: DOCS, status: '403' }, {
        'x-accepted-github-permissions': `${needed[0]}=${needed[1]}`,
      });
      return;
    }
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        send(res, record, tmpl, method, 400, { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' }, tokenHeaders);
        return;
      }
      const problems = validator.validateRequest(tmpl, method, body);
      if (problems.length > 0) {
        validationErrors.push(`request ${method} ${tmpl} does not match GitHub's OpenAPI description: ${problems.join('; ')}`);
        send(res, record, tmpl, method, 422, { message: 'Invalid request.', documentation_url: DOCS, status: '422' });
        return;
      }
    }
    try {
      const params = (pattern.exec(pathname) ?? []).slice(1);
      const result = await handler({ user, params, query: url.searchParams, body });
      send(res, record, tmpl, method, result.status, result.body, tokenHeaders);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      send(res, record, tmpl, method, err.status, { message: err.message, documentation_url: DOCS, status: String(err.status), ...err.extra }, tokenHeaders);
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      validationErrors.push(`emulator crashed: ${err instanceof Error ? err.stack : String(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'emulator crashed' }));
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;

  return {
    url: base,
    requests,
    preflights,
    validationErrors,
    addUser(input) {
      const user: EmulatedUser = {
        id: nextId++, login: input.login, name: input.name ?? null, publicEmail: input.publicEmail ?? null,
        emails: input.emails ?? [{ email: `${input.login.toLowerCase()}@example.com`, primary: true, verified: true, visibility: 'private' }],
        ...(input.emailsStatus ? { emailsStatus: input.emailsStatus } : {}),
        ...(input.scopes ? { scopes: [...input.scopes] } : {}),
        ...(input.fineGrained ? { fineGrained: { ...input.fineGrained } } : {}),
      };
      users.set(input.token, user);
      usersByLogin.set(input.login.toLowerCase(), user);
    },
    addRepo(input) {
      const repo: EmulatedRepo = {
        id: nextId++, owner: input.owner, name: input.name, defaultBranch: input.defaultBranch ?? 'main',
        branches: new Map(), commits: new Map(), pulls: [], createdAt: FIXED_DATE,
        protectedBranches: new Set(), workflows: new Set(input.workflows ?? []), runs: [],
      };
      const sha = makeCommit(repo, null, new Map(Object.entries(input.files ?? { 'README.md': `# ${input.name}\n` })), 'Initial commit', { name: input.owner, email: `${input.owner}@example.com` });
      repo.branches.set(repo.defaultBranch, sha);
      repos.set(`${input.owner}/${input.name}`.toLowerCase(), repo);
    },
    pushFile(slug, branch, path, content, message) {
      const repo = repoOf(slug);
      const head = repo.branches.get(branch) ?? repo.branches.get(repo.defaultBranch) ?? null;
      const files = new Map(head ? repo.commits.get(head)?.files : undefined);
      files.set(path, content);
      const sha = makeCommit(repo, head, files, message, { name: 'someone-else', email: 'someone@example.com' });
      repo.branches.set(branch, sha);
      return sha;
    },
    branches: (slug) => Object.fromEntries(repoOf(slug).branches),
    fileContent: (slug, branch, path) => headFiles(repoOf(slug), branch)?.get(path) ?? null,
    commits(slug, branch) {
      const repo = repoOf(slug);
      const out: { sha: string; message: string; author: string }[] = [];
      for (let sha = repo.branches.get(branch); sha; sha = repo.commits.get(sha)?.parents[0]) {
        const c = repo.commits.get(sha);
        if (c) out.push({ sha, message: c.message, author: c.author.name });
      }
      return out;
    },
    pulls: (slug) => repoOf(slug).pulls.map((p) => ({ ...p })),
    protectBranch(slug, branch) {
      repoOf(slug).protectedBranches.add(branch);
    },
    addCommitSha(slug, sha, message = `Commit ${sha.slice(0, 7)}`) {
      const repo = repoOf(slug);
      const head = repo.branches.get(repo.defaultBranch) ?? null;
      makeCommit(repo, head, new Map(head ? repo.commits.get(head)?.files : undefined), message, { name: 'someone-else', email: 'someone@example.com' }, sha.toLowerCase());
    },
    mergePull(slug, number) {
      const repo = repoOf(slug);
      const pr = repo.pulls.find((p) => p.number === number);
      if (!pr || pr.state !== 'open') throw new Error(`emulator: no open pull request #${number} in ${slug}`);
      const baseHead = repo.branches.get(pr.base) ?? '';
      const head = repo.branches.get(pr.head) ?? '';
      let merged = head;
      if (!isAncestor(repo, baseHead, head)) {
        // A merge commit: the base's files with what the head changed since their merge base.
        let mergeBase: string | undefined = head;
        while (mergeBase && !isAncestor(repo, mergeBase, baseHead)) mergeBase = repo.commits.get(mergeBase)?.parents[0];
        const before = (mergeBase ? repo.commits.get(mergeBase)?.files : undefined) ?? new Map<string, string>();
        const after = repo.commits.get(head)?.files ?? new Map<string, string>();
        const files = new Map(repo.commits.get(baseHead)?.files);
        for (const path of new Set([...before.keys(), ...after.keys()])) {
          if (before.get(path) === after.get(path)) continue;
          const text = after.get(path);
          if (text === undefined) files.delete(path);
          else files.set(path, text);
        }
        merged = makeCommit(repo, [baseHead, head], files, `Merge pull request #${number} from ${repo.owner}/${pr.head}`, { name: repo.owner, email: `${repo.owner}@example.com` });
      }
      repo.branches.set(pr.base, merged);
      Object.assign(pr, { state: 'closed', merged: true, closedAt: FIXED_DATE, mergeCommitSha: merged, closedHeadSha: head });
      return merged;
    },
    closePull(slug, number) {
      const pr = repoOf(slug).pulls.find((p) => p.number === number);
      if (!pr) throw new Error(`emulator: no pull request #${number} in ${slug}`);
      Object.assign(pr, { state: 'closed', closedAt: FIXED_DATE, closedHeadSha: repoOf(slug).branches.get(pr.head) ?? '' });
    },
    addWorkflow(slug, file) {
      repoOf(slug).workflows.add(file);
    },
    scriptRuns(steps) {
      runSteps = [...steps];
    },
    async completeRun(slug, id, conclusion) {
      const repo = repoOf(slug);
      const run = repo.runs.find((r) => r.id === id);
      if (!run) throw new Error(`emulator: no run ${id} in ${slug}`);
      await applyStep(repo, run, `completed:${conclusion}`);
    },
    onRunCompleted(hook) {
      runHooks.push(hook);
    },
    runs: (slug) => repoOf(slug).runs.map((r) => ({ ...r, steps: [...r.steps] })),
    fault(rule) {
      faults.push({ ...rule, left: rule.times ?? 1 });
    },
    pendingFaults: () => faults.length,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
