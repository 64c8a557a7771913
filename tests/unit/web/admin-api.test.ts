import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AdminApiError, backupFileName, clearStoredToken, exportManualContributions, getAdmins, getManualContributions, getSession,
  pullAndRefresh, readStoredToken, saveAdmins, saveManualContributions, storeToken, TOKEN_STORAGE_KEY,
} from '../../../web/src/admin/api.js';
import { PUBLISHED_SITE, SITE_MODE_META } from '../../../src/shared/page-csp.js';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

let requests: { url: string; method: string; headers: Headers; body: unknown }[] = [];

function serve(handler: Handler) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : null });
    return handler(url, init);
  });
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const envelope = (status: number, code: string, message: string) => json({ error: { code, message } }, status);

beforeEach(() => {
  requests = [];
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('token storage', () => {
  it(`keeps the token under ${TOKEN_STORAGE_KEY} and forgets it`, () => {
    expect(readStoredToken()).toBeNull();
    storeToken('t0k');
    expect(window.localStorage.getItem('leaderboard:admin-token')).toBe('t0k');
    expect(readStoredToken()).toBe('t0k');
    clearStoredToken();
    expect(readStoredToken()).toBeNull();
  });

  it("keeps a published site's token under the board's key: not another board's, not the origin's old key", () => {
    // The page `leaderboard build` marks as published, at owner.github.io/board/.
    vi.stubGlobal('document', { querySelector: (sel: string) => (sel === `meta[name="${SITE_MODE_META}"]` ? { getAttribute: () => PUBLISHED_SITE } : null) });
    Object.assign(window, { location: { pathname: '/board/index.html' } });
    window.localStorage.setItem('leaderboard:admin-token:/docs/', 'docs-token');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'old-shared-token');
    expect(readStoredToken()).toBeNull();
    storeToken('t0k');
    expect(window.localStorage.getItem('leaderboard:admin-token:/board/')).toBe('t0k');
    expect(readStoredToken()).toBe('t0k');
    clearStoredToken();
    expect(readStoredToken()).toBeNull();
    expect(window.localStorage.getItem('leaderboard:admin-token:/docs/')).toBe('docs-token');
  });

  it('reads null when storage throws', () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => { throw new Error('disabled'); } } });
    expect(readStoredToken()).toBeNull();
  });
});

describe('admin API client', () => {
  const session = { user: { login: 'alice', email: 'a@example.com' }, authorized: true, repository: 'o/r' };

  it('sends the token as a bearer header and parses the session', async () => {
    serve(() => json(session));
    await expect(getSession('abc')).resolves.toEqual(session);
    expect(requests[0]?.url).toBe('./api/session');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc');
  });

  it("turns an error envelope into an error with the envelope's message and the status", async () => {
    serve(() => envelope(401, 'INVALID_TOKEN', 'Invalid GitHub token'));
    const err = await getSession('bad').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ message: 'Invalid GitHub token', status: 401, code: 'INVALID_TOKEN' });
  });

  it("says 'API request failed: {status text}' when there is no envelope", async () => {
    serve(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(saveAdmins('t', { add: [] })).rejects.toThrow('API request failed: Bad Gateway');
    serve(() => new Response('', { status: 503 }));
    await expect(getAdmins('t')).rejects.toThrow('API request failed: HTTP 503');
  });

  it('reports a network failure and a response of the wrong shape in words', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(getSession('t')).rejects.toMatchObject({ status: 0, message: expect.stringContaining('network') });
    serve(() => json({ user: 'nobody' }));
    await expect(getSession('t')).rejects.toThrow('does not understand');
  });

  it('reads the contributions with their ETag and saves the whole map with If-Match', async () => {
    const contributors = { Ada: { contributions: [{ score: 5, notes: '', start_date: null, end_date: null }] } };
    serve((_url, init) => (init.method === 'POST'
      ? json({ message: 'Saved.' }, 200, { ETag: '"v2"' })
      : json({ contributors: { ...contributors, Old: { score: 3, notes: 'legacy' } } }, 200, { ETag: '"v1"' })));
    const read = await getManualContributions('t');
    expect(read.etag).toBe('"v1"');
    expect(read.contributors['Old']).toEqual({ contributions: [{ score: 3, notes: 'legacy', start_date: null, end_date: null }] });
    await expect(saveManualContributions('t', contributors, '"v1"')).resolves.toEqual({ message: 'Saved.', etag: '"v2"' });
    const post = requests[1];
    expect(post).toMatchObject({ url: './api/update-manual-contributions', method: 'POST', body: { contributors } });
    expect(post?.headers.get('If-Match')).toBe('"v1"');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.headers.get('Authorization')).toBe('Bearer t');
  });

  it('gives the 409 message of a stale save', async () => {
    serve(() => envelope(409, 'CONFLICT', 'The manual contributions were changed by someone else; reload and try again.'));
    await expect(saveManualContributions('t', {}, '"v0"')).rejects.toMatchObject({ status: 409, message: expect.stringContaining('reload') });
  });

  it('exports the backup with the file name from Content-Disposition, checking the content', async () => {
    const file = { contributors: {} };
    serve(() => json(file, 200, { 'Content-Disposition': 'attachment; filename="manual-contributions-backup-2025-11-02.json"' }));
    const out = await exportManualContributions('t');
    expect(out.fileName).toBe('manual-contributions-backup-2025-11-02.json');
    expect(JSON.parse(await out.blob.text())).toEqual(file);
    serve(() => new Response('not json'));
    await expect(exportManualContributions('t')).rejects.toThrow('Failed to export manual contributions');
  });

  it('names a backup by the date when the server gives no name', () => {
    expect(backupFileName(null, new Date('2025-03-04T10:00:00Z'))).toBe('manual-contributions-backup-2025-03-04.json');
    expect(backupFileName("attachment; filename*=UTF-8''b%C3%BC.json")).toBe('bü.json');
  });

  it('pulls and refreshes, reads and saves the admin list', async () => {
    serve((url, init) => {
      if (url.endsWith('pull-and-refresh')) return json({ success: true, timestamp: '2025-01-01T00:00:00Z', latestCommit: 'abc' });
      if (init.method === 'PUT') return json({ admins: ['b'], published: ['a'], pullRequestUrl: 'https://github.com/o/r/pull/1', message: 'PR opened' });
      return json({ admins: ['a'], primary: { email: 'o@example.com', login: null } });
    });
    await expect(pullAndRefresh('t')).resolves.toMatchObject({ success: true, latestCommit: 'abc' });
    expect(requests[0]?.method).toBe('POST');
    await expect(getAdmins('t')).resolves.toEqual({ admins: ['a'], primary: { email: 'o@example.com', login: null } });
    await expect(saveAdmins('t', { add: ['b'], remove: ['a'] })).resolves.toMatchObject({ pullRequestUrl: 'https://github.com/o/r/pull/1' });
    expect(requests[2]).toMatchObject({ url: './api/admins', method: 'PUT', body: { add: ['b'], remove: ['a'] } });
  });
});
