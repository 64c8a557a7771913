/**
 * A local emulator of the GitHub REST endpoints the product uses (users, emails, repos, git refs,
 * contents, pulls), on 127.0.0.1 and a free port, with in-memory state, inspection helpers and
 * fault injection. Every body it sends (and receives) is validated against GitHub's OpenAPI
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
}

export interface EmulatedRepoInput {
  owner: string;
  name: string;
  defaultBranch?: string;
  /** Files of the initial commit, path -> text. */
  files?: Record<string, string>;
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
}

interface EmulatedUser {
  id: number;
  login: string;
  name: string | null;
  publicEmail: string | null;
  emails: EmulatedEmail[];
  emailsStatus?: 403 | 404;
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
}

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
  /** Queue a fault for the next matching request(s). */
  fault(rule: FaultRule): void;
  /** Faults queued and not used yet. */
  pendingFaults(): number;
  /** Every request handled, in order. */
  requests: RequestRecord[];
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
export async function startGitHubEmulator(options: { pathPrefix?: string } = {}): Promise<GitHubEmulator> {
  const prefix = (options.pathPrefix ?? '').replace(/\/+$/, '');
  sharedValidator ??= new OpenApiValidator();
  const validator = sharedValidator;
  const users = new Map<string, EmulatedUser>();
  const usersByLogin = new Map<string, EmulatedUser>();
  const repos = new Map<string, EmulatedRepo>();
  const faults: (FaultRule & { left: number })[] = [];
  const requests: RequestRecord[] = [];
  const validationErrors: string[] = [];
  let nextId = 1000;
  let commitCounter = 0;
  let base = '';

  const repoOf = (slug: string): EmulatedRepo => {
    const repo = repos.get(slug.toLowerCase());
    if (!repo) throw new Error(`emulator: no repository ${slug}`);
    return repo;
  };

  const makeCommit = (repo: EmulatedRepo, parent: string | null, files: Map<string, string>, message: string, author: { name: string; email: string }): string => {
    const date = new Date(Date.parse(FIXED_DATE) + ++commitCounter * 60_000).toISOString().replace('.000Z', 'Z');
    const sha = sha1(`commit ${commitCounter} ${parent ?? ''} ${message}`);
    repo.commits.set(sha, { sha, message, parents: parent ? [parent] : [], files, author: { ...author, date } });
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

  const repository = (repo: EmulatedRepo) => {
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
      permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
      license: null, allow_forking: true, web_commit_signoff_required: false,
    };
  };

  const fullRepository = (repo: EmulatedRepo) => ({ ...repository(repo), network_count: 0, subscribers_count: 1 });

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
      label: `${repo.owner}:${branch}`, ref: branch, sha: repo.branches.get(branch) ?? '0'.repeat(40),
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
      closed_at: null, merged_at: null, merge_commit_sha: null, assignee: null, assignees: [], requested_reviewers: [],
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
      ...simple, merged: false, mergeable: null, rebaseable: null, mergeable_state: 'unknown', merged_by: null,
      comments: 0, review_comments: 0, maintainer_can_modify: false, commits: 1, additions: 1, deletions: 0, changed_files: 1,
    };
  };

  // ---- routes: [method, OpenAPI template, pattern, handler] ----

  interface Ctx {
    user: EmulatedUser;
    params: string[];
    query: URLSearchParams;
    body: Record<string, unknown>;
  }
  type Result = { status: number; body: unknown };
  type Handler = (ctx: Ctx) => Result;

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
    ['GET', '/repos/{owner}/{repo}', /^\/repos\/([^/]+)\/([^/]+)$/, (ctx) => ({ status: 200, body: fullRepository(repoParam(ctx)) })],
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
      if (ctx.body.force !== true && !isAncestor(repo, current, sha)) throw new HttpError(422, 'Update is not a fast forward');
      repo.branches.set(branch, sha);
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
      if (repo.branches.get(head) === repo.branches.get(baseBranch)) throw invalid('', 'custom', `No commits between ${baseBranch} and ${head}`);
      const number = repo.pulls.length + 1;
      const pr: EmulatedPull = {
        number, title: str(ctx, 'title') ?? '', body: str(ctx, 'body') ?? null, head, base: baseBranch, state: 'open',
        user: ctx.user.login, createdAt: FIXED_DATE, htmlUrl: `${base}/${repo.owner}/${repo.name}/pull/${number}`,
      };
      repo.pulls.push(pr);
      return { status: 201, body: pullShape(repo, pr, true) };
    }],
  ];

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
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-github-api-version-selected': '2022-11-28',
      ...headers,
    });
    res.end(JSON.stringify(payload));
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
    const record: RequestRecord = { method, path: pathname, status: 0 };
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
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        send(res, record, tmpl, method, 400, { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' });
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
      const result = handler({ user, params, query: url.searchParams, body });
      send(res, record, tmpl, method, result.status, result.body);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      send(res, record, tmpl, method, err.status, { message: err.message, documentation_url: DOCS, status: String(err.status), ...err.extra });
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
    validationErrors,
    addUser(input) {
      const user: EmulatedUser = {
        id: nextId++, login: input.login, name: input.name ?? null, publicEmail: input.publicEmail ?? null,
        emails: input.emails ?? [{ email: `${input.login.toLowerCase()}@example.com`, primary: true, verified: true, visibility: 'private' }],
        ...(input.emailsStatus ? { emailsStatus: input.emailsStatus } : {}),
      };
      users.set(input.token, user);
      usersByLogin.set(input.login.toLowerCase(), user);
    },
    addRepo(input) {
      const repo: EmulatedRepo = {
        id: nextId++, owner: input.owner, name: input.name, defaultBranch: input.defaultBranch ?? 'main',
        branches: new Map(), commits: new Map(), pulls: [], createdAt: FIXED_DATE,
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
