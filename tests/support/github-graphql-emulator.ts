/**
 * A loopback emulator of GitHub's GraphQL endpoint (`POST /graphql`, or `/api/graphql` under a
 * GitHub Enterprise prefix) answering the activity sync's queries from an in-memory fixture:
 * pull requests with reviews, issues, commit authors; cursors, `rateLimit`, a bearer token, queued
 * faults (401, secondary limit with retry-after, any other status, dropped connections) and a log
 * of requests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Kind, parse, type FieldNode, type OperationDefinitionNode } from 'graphql';

export interface GqlReview {
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'PENDING' | 'DISMISSED';
  submittedAt: string | null;
  body?: string;
  comments?: number;
  author: string | null;
  /** As GraphQL types the author; a Bot (a review app) has a bare login. Default: Bot for a `[bot]` login, else User. */
  authorType?: 'User' | 'Bot';
}
export interface GqlPull {
  number: number;
  title: string;
  updatedAt: string;
  author: string | null;
  reviews: GqlReview[];
}
export interface GqlIssue {
  number: number;
  title: string;
  createdAt: string;
  updatedAt: string;
  stateReason: 'COMPLETED' | 'NOT_PLANNED' | 'REOPENED' | null;
  author: string;
  authorType?: 'User' | 'Bot';
}
export interface GqlFixture {
  /** `owner/name` served; any other repository is NOT_FOUND. */
  repository: string;
  pulls: GqlPull[];
  issues: GqlIssue[];
  /** Commit sha -> the account GitHub links its author to (null: none). */
  commits: Record<string, { email: string; login: string | null }>;
  /** Profile names by login. */
  names: Record<string, string | null>;
}
export type GqlFault = { kind: '401' } | { kind: 'secondary'; retryAfter: number } | { kind: 'primary'; resetInSeconds: number } | { kind: 'drop' }
  /** The GraphQL API's own answer to a used-up rate limit: HTTP 200 with an error of type RATE_LIMITED. */
  | { kind: 'graphql-limited'; resetInSeconds: number }
  /** Any other answer GitHub may give: a 403 without rate-limit headers (SSO, a blocked token), a 502 when it is down. */
  | { kind: 'status'; status: number; message: string };

export interface GqlEmulator {
  /** The REST API URL to configure (`github.apiUrl`); GraphQL is served beside it. */
  apiUrl: string;
  fixture: GqlFixture;
  /** Operation name (`Pulls`, ...) and HTTP status of every request, in order. */
  requests: { operation: string; status: number | 'dropped' }[];
  fault(f: GqlFault, times?: number): void;
  close(): Promise<void>;
}

/** The token the emulator accepts. */
export const GQL_TOKEN = 'ghp_emulatortoken0000000000000000000000';

const enc = (i: number) => Buffer.from(`cursor:${i}`).toString('base64');
const dec = (c: unknown) => (typeof c === 'string' ? Number(Buffer.from(c, 'base64').toString().slice(7)) : -1);

function page<T>(all: T[], first: number, after: unknown) {
  const start = dec(after) + 1;
  const nodes = all.slice(start, start + first);
  const end = start + nodes.length - 1;
  return { nodes, pageInfo: { hasNextPage: end < all.length - 1, endCursor: nodes.length ? enc(end) : null } };
}

/** Starts the emulator on 127.0.0.1, port 0. `pathPrefix: '/api/v3'` emulates GitHub Enterprise Server. */
export async function startGraphqlEmulator(fixture: GqlFixture, options: { pathPrefix?: string } = {}): Promise<GqlEmulator> {
  const requests: GqlEmulator['requests'] = [];
  const faults: GqlFault[] = [];
  const prefix = options.pathPrefix ?? '';
  const gqlPath = prefix === '/api/v3' ? '/api/graphql' : `${prefix}/graphql`;
  const user = (login: string | null, type = login?.endsWith('[bot]') ? 'Bot' : 'User') => (login ? { __typename: type, login, ...(type === 'Bot' ? {} : { name: fixture.names[login] ?? null }) } : null);
  const review = (r: GqlReview) => ({ state: r.state, submittedAt: r.submittedAt, body: r.body ?? '', comments: { totalCount: r.comments ?? 0 }, author: user(r.author, r.authorType) });
  const answer = (op: OperationDefinitionNode, vars: Record<string, unknown>): unknown => {
    // Read each time: a test may point the fixture at another repository.
    const [owner, name] = fixture.repository.split('/');
    const rateLimit = { remaining: 5000 - requests.length, resetAt: '2030-01-01T00:00:00Z' };
    if (vars['owner'] !== owner || vars['name'] !== name) {
      return { data: { rateLimit, repository: null }, errors: [{ type: 'NOT_FOUND', path: ['repository'], message: `Could not resolve to a Repository with the name '${String(vars['owner'])}/${String(vars['name'])}'.` }] };
    }
    const url = (kind: string, n: number) => `https://github.com/${fixture.repository}/${kind}/${n}`;
    const opName = op.name?.value;
    const pullRequests = () => {
      const sorted = [...fixture.pulls].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      const p = page(sorted, 50, vars['cursor']);
      const nodes = p.nodes.map((pr) => ({ number: pr.number, title: pr.title, url: url('pull', pr.number), updatedAt: pr.updatedAt, author: user(pr.author), reviews: page(pr.reviews.map(review), 50, null) }));
      return { ...p, nodes };
    };
    const issues = () => {
      // Open with no reason or REOPENED (GitHub's reason for a reopened issue), else closed.
      const state = (i: GqlIssue) => (i.stateReason === null || i.stateReason === 'REOPENED' ? 'OPEN' : 'CLOSED');
      // The query's `states:` filter, as GitHub applies it (none: every state).
      const repoField = op.selectionSet.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'repository');
      const issuesField = repoField?.selectionSet?.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'issues');
      const states = issuesField?.arguments?.find((a) => a.name.value === 'states')?.value;
      const wanted = states?.kind === Kind.LIST ? new Set(states.values.flatMap((v) => (v.kind === Kind.ENUM ? [v.value] : []))) : null;
      const sorted = fixture.issues.filter((i) => !wanted || wanted.has(state(i))).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      const p = page(sorted, 50, vars['cursor']);
      const nodes = p.nodes.map((i) => ({ number: i.number, title: i.title, url: url('issues', i.number), createdAt: i.createdAt, updatedAt: i.updatedAt, state: state(i), stateReason: i.stateReason, author: { ...user(i.author), __typename: i.authorType ?? 'User' } }));
      return { ...p, nodes };
    };
    if (opName === 'Pulls') return { data: { rateLimit, repository: { pullRequests: pullRequests() } } };
    if (opName === 'PullsAndIssues') return { data: { rateLimit, repository: { pullRequests: pullRequests(), issues: issues() } } };
    if (opName === 'Reviews') {
      const pr = fixture.pulls.find((x) => x.number === vars['number']);
      return { data: { rateLimit, repository: { pullRequest: pr ? { reviews: page(pr.reviews.map(review), 100, vars['cursor']) } : null } } };
    }
    if (opName === 'Issues') return { data: { rateLimit, repository: { issues: issues() } } };
    if (opName === 'CommitAuthors') {
      const repoField = op.selectionSet.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'repository');
      const repository: Record<string, unknown> = {};
      for (const sel of repoField?.selectionSet?.selections ?? []) {
        if (sel.kind !== Kind.FIELD || !sel.alias) continue;
        const arg = sel.arguments?.find((a) => a.name.value === 'oid')?.value;
        const sha = arg?.kind === Kind.STRING ? arg.value : '';
        const c = fixture.commits[sha];
        repository[sel.alias.value] = c ? { author: { email: c.email, user: c.login ? { login: c.login, name: fixture.names[c.login] ?? null } : null } } : null;
      }
      return { data: { rateLimit, repository } };
    }
    return { errors: [{ message: `emulator: unknown operation ${String(opName)}` }] };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== gqlPath) return send(404, { message: 'Not Found' });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string; variables?: Record<string, unknown> };
    const op = parse(body.query).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const operation = op.name?.value ?? '?';
    const fault = faults.shift();
    if (fault?.kind === 'drop') {
      requests.push({ operation, status: 'dropped' });
      req.socket.destroy();
      return;
    }
    const auth = req.headers.authorization ?? '';
    if (fault?.kind === '401' || !/^(token|bearer) /i.test(auth) || auth.split(' ')[1] !== GQL_TOKEN) {
      requests.push({ operation, status: 401 });
      return send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/graphql' });
    }
    if (fault?.kind === 'secondary') {
      requests.push({ operation, status: 403 });
      return send(403, { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' }, { 'retry-after': String(fault.retryAfter) });
    }
    if (fault?.kind === 'primary') {
      requests.push({ operation, status: 403 });
      const reset = Math.ceil(Date.now() / 1000) + fault.resetInSeconds;
      return send(403, { message: 'API rate limit exceeded for user ID 1.' }, { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) });
    }
    if (fault?.kind === 'graphql-limited') {
      requests.push({ operation, status: 200 });
      const reset = Math.ceil(Date.now() / 1000) + fault.resetInSeconds;
      return send(200, { data: null, errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 1.' }] }, { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) });
    }
    if (fault?.kind === 'status') {
      requests.push({ operation, status: fault.status });
      return send(fault.status, { message: fault.message, documentation_url: 'https://docs.github.com/graphql' });
    }
    requests.push({ operation, status: 200 });
    send(200, answer(op, body.variables ?? {}));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    fixture,
    requests,
    fault: (f, times = 1) => {
      for (let i = 0; i < times; i++) faults.push(f);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
