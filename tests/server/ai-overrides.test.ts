// The AI score overrides API: who may call it, what it saves, what the data file shows, and that
// an override outlives a `leaderboard refresh`.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { rebuildFromCache } from '../../src/core/rebuild.js';
import { dataDirPaths } from '../../src/core/store/data-dir.js';
import { createApp, NO_GITHUB_REPO_MESSAGE } from '../../src/server/app.js';
import { aiOverridesResponseSchema, messageResponseSchema, setAiOverrideResponseSchema } from '../../src/shared/admin-api.js';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import type { WrittenCommit, WrittenLeaderboardData } from '../../src/shared/data-file.js';
import { spelledOut, type SpelledOutData } from '../cli/helpers.js';
import { runCli } from '../support/cli.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { listen } from '../support/http.js';
import { bearer, FakeGateway, PRIMARY, refreshedRepo, TARGET, TOKENS } from './admin-support.js';

let repo: TestRepo;
let dataDir: string;
let head: string;
let first: string;
let server: { url: string; close: () => Promise<void> };
const paths = () => dataDirPaths(dataDir);

beforeAll(async () => {
  ({ repo, dataDir, head } = await refreshedRepo());
  first = await repo.git('rev-list', '--max-parents=0', 'HEAD');
  server = await listen(createApp({ dataDir, repo: repo.dir, version: '1', admin: { gateway: new FakeGateway(), target: TARGET, primary: PRIMARY } }));
});
afterAll(async () => {
  await server.close();
  await repo.cleanup();
});
beforeEach(async () => {
  await rm(paths().overrides, { force: true });
  await rebuildFromCache({ repo: repo.dir, dataDir, config: defaultConfig() });
});

const admin = bearer(TOKENS.primary);

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = admin) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}
const put = (commit: string, body: unknown, headers?: Record<string, string>) => call('PUT', `/api/ai-overrides/${commit}`, body, headers);
const del = (commit: string, headers?: Record<string, string>) => call('DELETE', `/api/ai-overrides/${commit}`, undefined, headers);

async function errorOf(res: Response) {
  return errorEnvelopeSchema.parse(await res.json()).error;
}

/** The data file as written, spelled out (see spelledOut). */
async function readData(): Promise<SpelledOutData> {
  return spelledOut(JSON.parse(await readFile(paths().data, 'utf8')) as WrittenLeaderboardData);
}

/** A written row, its AI source filled in from `commit_defaults` (the commonest source is left out of rows). */
async function commitRow(hash: string): Promise<WrittenCommit> {
  const data = await readData();
  const row = data.commits.find((c) => c.full_hash === hash);
  if (!row) throw new Error(`no row for ${hash}`);
  return { ...row, scores: { ...row.scores, ai_source: row.scores.ai_source ?? data.commit_defaults.ai_source } };
}

async function overridesFile(): Promise<string | null> {
  return readFile(paths().overrides, 'utf8').catch(() => null);
}

describe('GET /api/ai-overrides', () => {
  it('answers an empty list when there is no file', async () => {
    const res = await call('GET', '/api/ai-overrides');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(aiOverridesResponseSchema.parse(await res.json())).toEqual({ overrides: [] });
  });

  it('reports a broken file as a 500 naming it', async () => {
    await writeFile(paths().overrides, '{ "overrides": [ { "hash": "abc" } ] }');
    const res = await call('GET', '/api/ai-overrides');
    expect(res.status).toBe(500);
    const error = await errorOf(res);
    expect(error.code).toBe('INVALID_DATA_FILE');
    expect(error.message).toContain('ai-overrides.json');
  });
});

describe('PUT /api/ai-overrides/:commit', () => {
  it('sets the AI score of a commit given by a short hash, by the signed-in admin, and the data file shows it', async () => {
    const before = await commitRow(head);
    expect(before.scores.ai_source).toBe('heuristic');
    const res = await put(head.slice(0, 7), { score: 25, note: '  Unblocked the release  ' });
    expect(res.status).toBe(200);
    const body = setAiOverrideResponseSchema.parse(await res.json());
    expect(body.override).toMatchObject({ hash: head, score: 25, note: 'Unblocked the release', by: 'alice-gh' });
    expect(Date.parse(body.override.at)).not.toBeNaN();
    expect(body.message).toBe(`Set the AI score of commit ${head.slice(0, 8)} to 25; the leaderboards are updated.`);

    const list = aiOverridesResponseSchema.parse(await (await call('GET', '/api/ai-overrides')).json());
    expect(list.overrides).toEqual([body.override]);

    const after = await commitRow(head);
    expect(after.scores).toEqual({
      loc: before.scores.loc, files: before.scores.files, keyword: before.scores.keyword, ai: 25,
      ai_source: 'override', ai_reason: 'Unblocked the release',
      ai_override: { by: 'alice-gh', at: body.override.at, original: before.scores.ai, original_source: 'heuristic' },
    });
    // The contributor's commit score moves with it.
    const data = await readData();
    const index = data.commits.findIndex((c) => c.full_hash === head);
    const entry = Object.values(data.leaderboards.monthly).flat().find((e) => e.commits.includes(index))!;
    const sum = entry.commits.reduce((s, i) => {
      const c = data.commits[i]!.scores;
      return s + c.loc + c.files + c.keyword + c.ai;
    }, 0);
    expect(entry.commit_score).toBe(sum);
  });

  it('replaces an earlier override of the same commit, and names a listed admin by login', async () => {
    expect((await put(first, { score: 3, note: 'first try' })).status).toBe(200);
    const res = await put(first.slice(0, 10), { score: 0, note: 'Generated code' }, bearer(TOKENS.listed));
    expect(res.status).toBe(200);
    const { overrides } = aiOverridesResponseSchema.parse(await (await call('GET', '/api/ai-overrides')).json());
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({ hash: first, score: 0, note: 'Generated code', by: 'bob' });
    expect((await commitRow(first)).scores).toMatchObject({ ai: 0, ai_source: 'override', ai_override: { by: 'bob' } });
  });

  it('answers 404 for a commit the repository does not have, and writes nothing', async () => {
    const res = await put('deadbeef', { score: 5, note: 'x' });
    expect(res.status).toBe(404);
    const error = await errorOf(res);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('No commit deadbeef');
    expect(await overridesFile()).toBeNull();
  });

  describe('refuses bad input with 400 naming the field, and writes nothing', () => {
    const cases: [string, string, unknown, string][] = [
      ['a score over 25', 'HEAD', { score: 26, note: 'x' }, 'score: must be 25 or less'],
      ['a negative score', 'HEAD', { score: -1, note: 'x' }, 'score: must be 0 or more'],
      ['a fractional score', 'HEAD', { score: 2.5, note: 'x' }, 'score: must be a whole number'],
      ['a score sent as text', 'HEAD', { score: '5', note: 'x' }, 'score: must be a number'],
      ['no score', 'HEAD', { note: 'x' }, 'score: must be a number'],
      ['an empty note', 'HEAD', { score: 5, note: '   ' }, 'note: is required'],
      ['no note', 'HEAD', { score: 5 }, 'note: must be text'],
      ['a note too long', 'HEAD', { score: 5, note: 'n'.repeat(501) }, 'note: must be 500 characters or fewer'],
      ['an unknown field', 'HEAD', { score: 5, note: 'x', reason: 'y' }, 'reason'],
      ['a path that is not a hash', 'not-a-hash', { score: 5, note: 'x' }, '"not-a-hash" is not a commit hash'],
      ['a hash too short', 'abc', { score: 5, note: 'x' }, '"abc" is not a commit hash'],
    ];
    for (const [what, commit, body, expected] of cases) {
      it(what, async () => {
        const res = await put(commit === 'HEAD' ? head : commit, body);
        expect(res.status).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe('INVALID_INPUT');
        expect(error.message).toContain(expected);
        expect(await overridesFile()).toBeNull();
      });
    }

    it('a body that is not JSON, or not sent as JSON', async () => {
      const bad = await put(head, '{"score": ');
      expect(bad.status).toBe(400);
      expect(await errorOf(bad)).toEqual({ code: 'INVALID_INPUT', message: 'The request body is not valid JSON.' });
      const plain = await fetch(`${server.url}/api/ai-overrides/${head}`, { method: 'PUT', headers: { ...admin, 'Content-Type': 'text/plain' }, body: '{}' });
      expect(plain.status).toBe(415);
      expect(await overridesFile()).toBeNull();
    });
  });

  it('applies concurrent saves one after another: every override is kept', async () => {
    const hashes = (await repo.git('rev-list', 'HEAD')).split('\n');
    const results = await Promise.all(hashes.flatMap((h, i) => [put(h, { score: i, note: `n${i}` }), put(h.slice(0, 8), { score: i + 10, note: `m${i}` })]));
    expect(results.map((r) => r.status)).toEqual(Array(hashes.length * 2).fill(200));
    const { overrides } = aiOverridesResponseSchema.parse(await (await call('GET', '/api/ai-overrides')).json());
    expect(overrides.map((o) => o.hash).sort()).toEqual([...hashes].sort());
    for (const h of hashes) expect((await commitRow(h)).scores.ai_source).toBe('override');
  });
});

describe('DELETE /api/ai-overrides/:commit', () => {
  it('removes the override: the data file shows the scorer\'s score again', async () => {
    const original = (await commitRow(head)).scores;
    expect((await put(head, { score: 1, note: 'too generous' })).status).toBe(200);
    expect((await commitRow(head)).scores.ai).toBe(1);

    const res = await del(head.slice(0, 8));
    expect(res.status).toBe(200);
    expect(messageResponseSchema.parse(await res.json()).message).toBe(`Removed the AI score override of commit ${head.slice(0, 8)}; the leaderboards are updated.`);
    expect((await commitRow(head)).scores).toEqual(original);
    expect(JSON.parse((await overridesFile())!)).toEqual({ overrides: [] });
  });

  it('answers 404 when the commit has no override, 400 when the path is not a hash', async () => {
    const none = await del(head);
    expect(none.status).toBe(404);
    expect(await errorOf(none)).toEqual({ code: 'NOT_FOUND', message: `Commit ${head} has no AI score override.` });
    const bad = await del('zz-top');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('INVALID_INPUT');
  });
});

describe('who may call it', () => {
  const routes = () => [
    { method: 'GET', path: '/api/ai-overrides' },
    { method: 'PUT', path: `/api/ai-overrides/${head}`, body: { score: 5, note: 'x' } },
    { method: 'DELETE', path: `/api/ai-overrides/${head}` },
  ];

  it('answers 401 without a token or with one GitHub refuses, 403 to a non-admin, and changes nothing', async () => {
    for (const route of routes()) {
      const what = `${route.method} ${route.path}`;
      const none = await call(route.method, route.path, route.body, {});
      expect(none.status, what).toBe(401);
      expect(await errorOf(none)).toEqual({ code: 'INVALID_TOKEN', message: 'Sign in with a GitHub token' });
      const refused = await call(route.method, route.path, route.body, bearer(TOKENS.bad));
      expect(refused.status, what).toBe(401);
      expect(await errorOf(refused)).toEqual({ code: 'INVALID_TOKEN', message: 'Invalid GitHub token' });
      const outsider = await call(route.method, route.path, route.body, bearer(TOKENS.outsider));
      expect(outsider.status, what).toBe(403);
      expect(await errorOf(outsider)).toEqual({ code: 'FORBIDDEN', message: 'Access Denied: eve@example.com is not authorized. Contact alice@example.com for access.' });
    }
    expect(await overridesFile()).toBeNull();
  });

  it('answers 503 saying what to configure when there is no GitHub repository', async () => {
    const bare = await listen(createApp({ dataDir, repo: repo.dir, version: '1' }));
    try {
      for (const route of routes()) {
        const res = await fetch(`${bare.url}${route.path}`, {
          method: route.method, headers: { ...admin, 'Content-Type': 'application/json' },
          ...(route.body ? { body: JSON.stringify(route.body) } : {}),
        });
        expect(res.status, `${route.method} ${route.path}`).toBe(503);
        expect(await errorOf(res)).toEqual({ code: 'NO_GITHUB_REPO', message: NO_GITHUB_REPO_MESSAGE });
      }
    } finally {
      await bare.close();
    }
  });
});

describe('an override and `leaderboard refresh`', () => {
  it('outlives a refresh that scores new commits, and is gone after its removal and the next refresh', async () => {
    expect((await put(first, { score: 22, note: 'Foundation of the project' })).status).toBe(200);
    const newest = await repo.commit({ files: { 'd.ts': 'export const d = 4;\n' }, message: 'feat: d', date: '2025-03-04T10:00:00Z' });
    const env = gitIsolationVars();
    const refreshed = runCli(['refresh', '--repo', repo.dir, '--data-dir', dataDir, '--all', '--quiet'], { env });
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect((await readData()).commits.map((c) => c.full_hash)).toContain(newest);
    expect((await commitRow(first)).scores).toMatchObject({ ai: 22, ai_source: 'override', ai_reason: 'Foundation of the project' });

    expect((await del(first)).status).toBe(200);
    const again = runCli(['refresh', '--repo', repo.dir, '--data-dir', dataDir, '--all', '--quiet'], { env });
    expect(again.code, again.stderr).toBe(0);
    const row = await commitRow(first);
    expect(row.scores.ai_source).toBe('heuristic');
    expect(row.scores.ai_override).toBeUndefined();
  });
});
