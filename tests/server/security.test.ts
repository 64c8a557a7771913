// Security of the HTTP server: headers, the Host check, static path traversal, the sign-in
// limit and token redaction.
import http from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { createApp } from '../../src/server/app.js';
import { redactText } from '../../src/server/http-errors.js';
import { allowedHostnames, parseHostHeader } from '../../src/server/security.js';
import { createSignInLimiter } from '../../src/server/sign-in-limiter.js';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import { listen } from '../support/http.js';
import { bearer, FakeGateway, PRIMARY, TARGET, TOKENS } from './admin-support.js';

let root: string;
let dataDir: string;
let webRoot: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'lb-security-'));
  dataDir = path.join(root, 'data');
  webRoot = path.join(root, 'web');
  await mkdir(dataDir);
  await mkdir(path.join(webRoot, 'assets'), { recursive: true });
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>page</title>');
  await writeFile(path.join(webRoot, 'assets', 'a.js'), 'export {};');
  await writeFile(path.join(root, 'secret.txt'), 'SECRET OUTSIDE THE WEB ROOT');
  await writeFile(path.join(dataDir, 'leaderboard-data.json'), '{}');
});
afterAll(async () => { await rm(root, { recursive: true, force: true }); });

/** A raw request: any path bytes and any Host header. */
function raw(url: string, rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('security headers', () => {
  it('sends a strict CSP, nosniff, frame denial, no referrer and no CORS on the page, the data and /api', async () => {
    const server = await listen(createApp({ dataDir, webRoot, version: '1' }));
    try {
      for (const p of ['/', '/leaderboard-data.json', '/api/health', '/api/nope']) {
        const res = await fetch(`${server.url}${p}`, { headers: { Origin: server.url } });
        const csp = res.headers.get('content-security-policy') ?? '';
        for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
          "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp, p).toContain(directive);
        expect(csp).not.toMatch(/unsafe|upgrade-insecure-requests/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('strict-transport-security')).toBeNull();
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('x-powered-by')).toBeNull();
      }
    } finally {
      await server.close();
    }
  });
});

describe('the Host check (DNS rebinding)', () => {
  it('parses Host headers, IPv6 included', () => {
    expect(parseHostHeader('127.0.0.1:4173')).toEqual({ hostname: '127.0.0.1', port: 4173 });
    expect(parseHostHeader('[::1]:80')).toEqual({ hostname: '[::1]', port: 80 });
    expect(parseHostHeader('LocalHost')).toEqual({ hostname: 'localhost', port: 80 });
    for (const bad of ['', 'a b', 'x:99999', 'user@host', 'a/b', undefined]) expect(parseHostHeader(bad)).toBeNull();
  });

  it('allows loopback names for a loopback bind, the bound name otherwise, and the allow-list', () => {
    expect([...allowedHostnames('127.0.0.1')].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost']);
    expect(allowedHostnames('::1').has('localhost')).toBe(true);
    expect([...allowedHostnames('192.168.1.20', ['Board.Example'])].sort()).toEqual(['192.168.1.20', 'board.example']);
    const wildcard = allowedHostnames('0.0.0.0');
    expect(wildcard.has('127.0.0.1')).toBe(true);
    expect(wildcard.has(os.hostname().toLowerCase())).toBe(true);
    expect(wildcard.has('evil.example')).toBe(false);
  });

  it('answers 127.0.0.1, localhost and [::1] on its port, refuses other names and ports with FORBIDDEN_HOST', async () => {
    const server = await listen(createApp({ dataDir, webRoot, version: '1' }));
    const port = new URL(server.url).port;
    try {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
        expect((await raw(server.url, '/api/health', { Host: host })).status, host).toBe(200);
      }
      for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1', `127.0.0.1:${Number(port) + 1}`, `localhost.evil.example:${port}`]) {
        const res = await raw(server.url, '/', { Host: host });
        expect(res.status, host).toBe(403);
        const { error } = errorEnvelopeSchema.parse(JSON.parse(res.text));
        expect(error.code).toBe('FORBIDDEN_HOST');
        expect(error.message).toContain(JSON.stringify(host));
        expect(error.message).toContain('--allowed-host');
      }
    } finally {
      await server.close();
    }
  });

  it('answers a configured allowed host on any port (a reverse proxy in front)', async () => {
    const server = await listen(createApp({ dataDir, webRoot, version: '1', allowedHosts: ['board.example'] }));
    try {
      expect((await raw(server.url, '/api/health', { Host: 'board.example' })).status).toBe(200);
      expect((await raw(server.url, '/api/health', { Host: 'board.example:8443' })).status).toBe(200);
      expect((await raw(server.url, '/api/health', { Host: 'other.example' })).status).toBe(403);
    } finally {
      await server.close();
    }
  });
});

describe('static files', () => {
  it('never serves a file outside the web root or the two data files', async () => {
    const server = await listen(createApp({ dataDir, webRoot, version: '1' }));
    try {
      for (const p of ['/../secret.txt', '/../../package.json', '/%2e%2e/secret.txt', '/%2E%2E/%2e%2e/package.json', '/assets/..%2f..%2fsecret.txt',
        '/assets%2f..%2f..%2fsecret.txt', '/..%5csecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/./../secret.txt', '/%00index.html', '/..%00/secret.txt']) {
        const res = await raw(server.url, p);
        expect([400, 404], p).toContain(res.status);
        expect(res.text, p).not.toContain('SECRET');
        expect(errorEnvelopeSchema.safeParse(JSON.parse(res.text)).success, p).toBe(true);
      }
      expect((await raw(server.url, '/%E0%A4%A')).status).toBe(400);
      expect((await raw(server.url, '/assets/a.js')).status).toBe(200);
      expect((await raw(server.url, '/leaderboard-data.json')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('sign-in rate limit', () => {
  it('counts refusals in a sliding window and says when to retry', () => {
    let clock = 0;
    const limiter = createSignInLimiter({ maxFailures: 3, windowMs: 60_000, now: () => clock });
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfter('a')).toBe(0);
      limiter.fail('a');
      clock += 1000;
    }
    expect(limiter.retryAfter('a')).toBe(57);
    expect(limiter.retryAfter('b')).toBe(0);
    clock = 60_001;
    expect(limiter.retryAfter('a')).toBe(0);
  });

  it('answers 429 with Retry-After after 10 refused tokens from one address; known good tokens still pass', async () => {
    const gateway = new FakeGateway();
    let clock = 1_000_000;
    const server = await listen(createApp({ dataDir, webRoot, version: '1', admin: { gateway, target: TARGET, primary: PRIMARY }, auth: { now: () => clock } }));
    try {
      // A good token verified before the attack keeps working (its verification is cached).
      expect((await fetch(`${server.url}/api/session`, { headers: bearer(TOKENS.primary) })).status).toBe(200);
      for (let i = 0; i < 10; i += 1) {
        const res = await fetch(`${server.url}/api/session`, { headers: bearer(`ghp_guess_${i}_0000000000000000000000`) });
        expect(res.status).toBe(401);
        clock += 1000;
      }
      const verifications = gateway.calls.verifyToken;
      const limited = await fetch(`${server.url}/api/session`, { headers: bearer(TOKENS.bad) });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBe(590);
      const { error } = errorEnvelopeSchema.parse(await limited.json());
      expect(error.code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
      expect(error.message).toBe('Too many sign-in attempts with invalid tokens from this address (10 in 10 minutes); try again in 590 seconds.');
      // Refused without asking GitHub.
      expect(gateway.calls.verifyToken).toBe(verifications);
      expect((await fetch(`${server.url}/api/session`, { headers: bearer(TOKENS.primary) })).status).toBe(200);
      // No token at all is a 401, not a counted attempt.
      expect((await fetch(`${server.url}/api/session`)).status).toBe(401);
      clock += 10 * 60_000;
      expect((await fetch(`${server.url}/api/session`, { headers: bearer(TOKENS.listed) })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('does not count successful sign-ins', async () => {
    const server = await listen(createApp({ dataDir, webRoot, version: '1', admin: { gateway: new FakeGateway(), target: TARGET, primary: PRIMARY }, auth: { ttlMs: 0 } }));
    try {
      for (let i = 0; i < 30; i += 1) expect((await fetch(`${server.url}/api/session`, { headers: bearer(TOKENS.outsider) })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('tokens never leave in a response', () => {
  it('redacts the caller token and anything shaped like a GitHub token', () => {
    expect(redactText('failed for abc123secret', ['abc123secret'])).toBe('failed for [redacted]');
    expect(redactText('x ghp_AAAAAAAAAAAAAAAAAAAAAAAA y github_pat_11ABCDEFGHIJKLMNOPQRST_x z')).toBe('x [redacted] y [redacted] z');
  });

  it('a gateway error that quotes the token is answered without it', async () => {
    const gateway = new FakeGateway();
    const token = 'sekrit-token-without-a-prefix-123';
    gateway.verifyToken = async (t: string) => {
      throw new LeaderboardError('GITHUB_ERROR', `GitHub request failed: bad credentials "${t}" (Authorization: token ${t})`, `check ${t}`, { status: 502 });
    };
    gateway.readAdminList = async (t: string) => { throw new Error(`boom ${t}`); };
    const server = await listen(createApp({ dataDir, webRoot, version: '1', admin: { gateway, target: TARGET, primary: PRIMARY } }));
    try {
      const res = await fetch(`${server.url}/api/session`, { headers: bearer(token) });
      expect(res.status).toBe(502);
      const text = await res.text();
      expect(text).not.toContain(token);
      expect(errorEnvelopeSchema.parse(JSON.parse(text)).error.message).toBe('GitHub request failed: bad credentials "[redacted]" (Authorization: token [redacted])');
      // A route failing after sign-in (the admin list read) is redacted too.
      const primaryGateway = new FakeGateway();
      primaryGateway.readAdminList = async (t: string) => { throw new LeaderboardError('GITHUB_ERROR', `could not read with ${t}`, undefined, { status: 404 }); };
      const second = await listen(createApp({ dataDir, webRoot, version: '1', admin: { gateway: primaryGateway, target: TARGET, primary: PRIMARY } }));
      try {
        const r = await fetch(`${second.url}/api/admins`, { headers: bearer(TOKENS.primary) });
        expect(r.status).toBe(404);
        const body = await r.text();
        expect(body).not.toContain(TOKENS.primary);
        expect(body).toContain('[redacted]');
      } finally {
        await second.close();
      }
    } finally {
      await server.close();
    }
  });
});
