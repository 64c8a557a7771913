// Bad input, table-driven: malformed bodies, wrong types, huge strings, bad scores and dates,
// unknown fields, wrong content types, foreign Origins and Hosts. Each gets its status and a
// message naming what is wrong, and nothing changes: the manual contributions file stays
// byte-identical, no admin list is proposed, no pull runs.
//
// Unknown fields: unknown TOP-LEVEL fields of a request body are refused (400 naming them); the
// fields of a contributor record are kept as they are (hand-added fields survive a save).
import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirPaths } from '../../src/core/store/data-dir.js';
import { createApp } from '../../src/server/app.js';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import type { TestRepo } from '../support/git-repo.js';
import { listen } from '../support/http.js';
import { FakeGateway, PRIMARY, refreshedRepo, TARGET, TOKENS } from './admin-support.js';

const INITIAL = `${JSON.stringify({
  contributors: { Carol: { email: 'carol@example.com', contributions: [{ score: 10, notes: 'talk', start_date: null, end_date: null }] } },
}, null, 2)}\n`;

let repo: TestRepo;
let manualFile: string;
let gateway: FakeGateway;
let pulls = 0;
let server: { url: string; close: () => Promise<void> };
let port: number;

beforeAll(async () => {
  let dataDir: string;
  ({ repo, dataDir } = await refreshedRepo());
  manualFile = dataDirPaths(dataDir).manual;
  await writeFile(manualFile, INITIAL);
  gateway = new FakeGateway();
  server = await listen(createApp({
    dataDir, repo: repo.dir, version: '1', admin: { gateway, target: TARGET, primary: PRIMARY },
    pullAndRefresh: async () => {
      pulls += 1;
      return { success: true, timestamp: '2025-03-10T00:00:00.000Z', latestCommit: 'abc' };
    },
  }));
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
  await repo.cleanup();
});

/** A raw request (any Host, any bytes), so the table can send what fetch would not. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const AUTH = { Authorization: `Bearer ${TOKENS.primary}` };
const one = (contribution: Record<string, unknown>, name = 'Ann') => JSON.stringify({ contributors: { [name]: { contributions: [{ score: 1, ...contribution }] } } });

interface Case {
  name: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  code: string;
  message: RegExp;
}

const SAVE = '/api/update-manual-contributions';

const cases: Case[] = [
  // Malformed bodies and wrong types
  { name: 'truncated JSON', body: '{"contributors": ', status: 400, code: 'INVALID_INPUT', message: /^The request body is not valid JSON\.$/ },
  { name: 'a bare JSON null', body: 'null', status: 400, code: 'INVALID_INPUT', message: /not valid JSON/ },
  { name: 'an array instead of an object', body: '[]', status: 400, code: 'INVALID_INPUT', message: /Invalid request body: \(top level\): .*expected object/ },
  { name: 'no contributors field', body: '{}', status: 400, code: 'INVALID_INPUT', message: /contributors: .*expected record/ },
  { name: 'contributors is a string', body: '{"contributors":"x"}', status: 400, code: 'INVALID_INPUT', message: /contributors: .*expected record/ },
  { name: 'contributors is null', body: '{"contributors":null}', status: 400, code: 'INVALID_INPUT', message: /contributors: / },
  { name: 'contributions is not an array', body: '{"contributors":{"Ann":{"contributions":{"score":1}}}}', status: 400, code: 'INVALID_INPUT', message: /contributors\.Ann/ }, // names the record; which branch of the union it blames is core's choice
  { name: 'a contribution is a number', body: '{"contributors":{"Ann":{"contributions":[5]}}}', status: 400, code: 'INVALID_INPUT', message: /contributors\.Ann\.contributions\.0: .*expected object/ },
  { name: 'the email is a number', body: '{"contributors":{"Ann":{"email":5,"contributions":[]}}}', status: 400, code: 'INVALID_INPUT', message: /contributors\.Ann/ },
  // Scores
  { name: 'a negative score', body: one({ score: -1 }), status: 400, code: 'INVALID_INPUT', message: /contributors\.Ann\.contributions\.0\.score: must not be negative/ },
  { name: 'a fractional score', body: one({ score: 1.5 }), status: 400, code: 'INVALID_INPUT', message: /contributors\.Ann\.contributions\.0\.score: must be a whole number/ },
  { name: 'a huge score', body: one({ score: 1e12 }), status: 400, code: 'INVALID_INPUT', message: /score: must be at most 100000/ },
  { name: 'a score past the float range', body: one({ score: 0 }).replace('"score":0', '"score":1e400'), status: 400, code: 'INVALID_INPUT', message: /score: / },
  { name: 'a score as a string', body: one({ score: '10' }), status: 400, code: 'INVALID_INPUT', message: /score: .*expected number/ },
  { name: 'a score as an array', body: one({ score: [1] }), status: 400, code: 'INVALID_INPUT', message: /score: .*expected number/ },
  { name: 'a flat legacy score that is negative', body: '{"contributors":{"Ann":{"score":-5}}}', status: 400, code: 'INVALID_INPUT', message: /contributors\.Ann\.score: must not be negative/ },
  // Huge strings
  { name: 'notes over 2000 characters', body: one({ notes: 'n'.repeat(2001) }), status: 400, code: 'INVALID_INPUT', message: /notes: must be at most 2000 characters/ },
  { name: 'a name over 200 characters', body: one({}, 'N'.repeat(201)), status: 400, code: 'INVALID_INPUT', message: /Contributor name must be at most 200 characters/ },
  { name: 'an empty name', body: one({}, ''), status: 400, code: 'INVALID_INPUT', message: /Contributor name is required/ },
  { name: 'an email over 320 characters', body: JSON.stringify({ contributors: { Ann: { email: `${'e'.repeat(320)}@x.org`, contributions: [] } } }), status: 400, code: 'INVALID_INPUT', message: /contributors\.Ann\.email: / },
  { name: 'a body over 1 MB', body: one({ notes: 'n'.repeat(1_100_000) }), status: 413, code: 'PAYLOAD_TOO_LARGE', message: /at most 1 MB \(1048576 bytes\)/ },
  // Dates
  { name: 'a date that is not YYYY-MM-DD', body: one({ start_date: '01/02/2025' }), status: 400, code: 'INVALID_INPUT', message: /start_date: must be a date written YYYY-MM-DD/ },
  { name: 'a date that does not exist', body: one({ end_date: '2025-02-30' }), status: 400, code: 'INVALID_INPUT', message: /end_date: is not a real calendar date/ },
  { name: 'a month 13', body: one({ start_date: '2025-13-01' }), status: 400, code: 'INVALID_INPUT', message: /start_date: is not a real calendar date/ },
  { name: 'a date with a time', body: one({ start_date: '2025-01-01T00:00:00Z' }), status: 400, code: 'INVALID_INPUT', message: /start_date: must be a date written YYYY-MM-DD/ },
  { name: 'an end before the start', body: one({ start_date: '2025-03-02', end_date: '2025-03-01' }), status: 400, code: 'INVALID_INPUT', message: /end_date: end_date is before start_date/ },
  { name: 'a date as a number', body: one({ start_date: 20250101 }), status: 400, code: 'INVALID_INPUT', message: /start_date: / },
  // Unknown fields and reserved names
  { name: 'an unknown top-level field', body: '{"contributors":{},"dropTables":true}', status: 400, code: 'INVALID_INPUT', message: /dropTables/ },
  { name: 'a misspelled contributors field', body: '{"contributor":{"Ann":{"contributions":[]}}}', status: 400, code: 'INVALID_INPUT', message: /contributor/ },
  { name: 'an extra field nested 40 levels deep', body: one({ extra: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) }), status: 400, code: 'INVALID_INPUT', message: /contributors\.Ann\.contributions\.\.\. is nested more than 32 levels deep/ },
  // 5,000 levels overflowed the stack when the file was written: a 500 that said nothing.
  { name: 'an extra field nested 5,000 levels deep', body: one({ extra: 0 }).replace('"extra":0', `"extra":${'['.repeat(5000)}${']'.repeat(5000)}`), status: 400, code: 'INVALID_INPUT', message: /nested more than 32 levels deep/ },
  { name: 'a __proto__ contributor', body: '{"contributors":{"__proto__":{"contributions":[]}}}', status: 400, code: 'INVALID_INPUT', message: /__proto__.*reserved/ },
  // Content types
  { name: 'text/plain', headers: { 'Content-Type': 'text/plain' }, body: '{"contributors":{}}', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /needs Content-Type: application\/json, got "text\/plain"/ },
  { name: 'a form post', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'contributors=1', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /Content-Type: application\/json/ },
  { name: 'multipart', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x--', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /Content-Type: application\/json/ },
  { name: 'no content type with a body', headers: { 'Content-Type': '' }, body: '{"contributors":{}}', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /needs Content-Type: application\/json/ },
  { name: 'application/json-patch+json', headers: { 'Content-Type': 'application/json-patch+json' }, body: '[]', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /Content-Type: application\/json/ },
  { name: 'JSON in an unsupported charset', headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{"contributors":{}}', status: 415, code: 'BAD_REQUEST', message: /charset/ },
  // Foreign Origins and Hosts
  { name: 'a foreign Origin', headers: { Origin: 'http://evil.example' }, body: '{"contributors":{}}', status: 403, code: 'CROSS_ORIGIN', message: /^Cross-origin requests are refused: Origin "http:\/\/evil\.example"/ },
  { name: 'Origin null (sandboxed page, file:)', headers: { Origin: 'null' }, body: '{"contributors":{}}', status: 403, code: 'CROSS_ORIGIN', message: /Cross-origin requests are refused/ },
  { name: 'an Origin on another port of this machine', headers: { Origin: 'http://127.0.0.1:1' }, body: '{"contributors":{}}', status: 403, code: 'CROSS_ORIGIN', message: /Cross-origin requests are refused/ },
  { name: 'Sec-Fetch-Site: cross-site', headers: { 'Sec-Fetch-Site': 'cross-site' }, body: '{"contributors":{}}', status: 403, code: 'CROSS_ORIGIN', message: /Cross-origin requests are refused: this request came from a cross-site page/ },
  { name: 'Sec-Fetch-Site: same-site', headers: { 'Sec-Fetch-Site': 'same-site' }, body: '{"contributors":{}}', status: 403, code: 'CROSS_ORIGIN', message: /same-site/ },
  { name: 'a rebound Host name', headers: { Host: 'evil.example' }, body: '{"contributors":{}}', status: 403, code: 'FORBIDDEN_HOST', message: /host "evil\.example" are refused .*--allowed-host evil\.example/ },
  { name: 'a rebound Host name with our port', headers: { Host: 'attacker.test:PORT' }, body: '{"contributors":{}}', status: 403, code: 'FORBIDDEN_HOST', message: /attacker\.test/ },
  { name: 'a loopback Host on another port', headers: { Host: '127.0.0.1:1' }, body: '{"contributors":{}}', status: 403, code: 'FORBIDDEN_HOST', message: /DNS-rebinding protection/ },
  { name: 'a malformed Host', headers: { Host: 'a b' }, body: '{"contributors":{}}', status: 403, code: 'FORBIDDEN_HOST', message: /refused/ },
  // The admin list
  { name: 'add is a string', method: 'PUT', path: '/api/admins', body: '{"add":"bob"}', status: 400, code: 'INVALID_INPUT', message: /add: .*expected array/ },
  { name: 'the whole list, as an older page sent it', method: 'PUT', path: '/api/admins', body: '{"admins":["bob"]}', status: 400, code: 'INVALID_INPUT', message: /^This page is older than the server: it sent the whole admin list \("admins"\), .*Reload the page and make your change again\.$/ },
  { name: 'a change naming no admin', method: 'PUT', path: '/api/admins', body: '{}', status: 400, code: 'INVALID_INPUT', message: /^The change names no admin: send "add" or "remove" with at least one entry\.$/ },
  { name: 'an empty admin entry', method: 'PUT', path: '/api/admins', body: '{"add":["  "]}', status: 400, code: 'INVALID_INPUT', message: /add\.0: Please enter an email address or GitHub username/ },
  { name: 'an admin entry over 320 characters', method: 'PUT', path: '/api/admins', body: JSON.stringify({ add: ['a'.repeat(321)] }), status: 400, code: 'INVALID_INPUT', message: /add\.0: An admin entry must be at most 320 characters/ },
  { name: 'more than 1000 admins', method: 'PUT', path: '/api/admins', body: JSON.stringify({ add: Array.from({ length: 1001 }, (_, i) => `u${i}`) }), status: 400, code: 'INVALID_INPUT', message: /add: / },
  { name: 'an admin entry with a line break inside', method: 'PUT', path: '/api/admins', body: JSON.stringify({ add: ['a\nb'] }), status: 400, code: 'INVALID_INPUT', message: /^An admin entry is one email address or GitHub username, without spaces or line breaks: "a\\nb"\.$/ },
  { name: 'an unknown field next to add', method: 'PUT', path: '/api/admins', body: '{"add":["bob"],"force":true}', status: 400, code: 'INVALID_INPUT', message: /force/ },
  { name: 'the admin list as text/plain', method: 'PUT', path: '/api/admins', headers: { 'Content-Type': 'text/plain' }, body: '{"add":["bob"]}', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /PUT \/api\/admins needs Content-Type: application\/json/ },
  { name: 'the admin list from a foreign Origin', method: 'PUT', path: '/api/admins', headers: { Origin: 'https://evil.example' }, body: '{"add":["bob"]}', status: 403, code: 'CROSS_ORIGIN', message: /Cross-origin/ },
  // Pull and refresh (no body)
  { name: 'pull-and-refresh as a form post', method: 'POST', path: '/api/pull-and-refresh', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /Content-Type: application\/json/ },
  { name: 'pull-and-refresh with a text body', method: 'POST', path: '/api/pull-and-refresh', headers: { 'Content-Type': 'text/plain' }, body: 'go', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /Content-Type: application\/json/ },
  { name: 'pull-and-refresh from a foreign Origin', method: 'POST', path: '/api/pull-and-refresh', headers: { Origin: 'http://evil.example', 'Content-Type': '' }, status: 403, code: 'CROSS_ORIGIN', message: /Cross-origin/ },
  { name: 'pull-and-refresh from a cross-site page', method: 'POST', path: '/api/pull-and-refresh', headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': '' }, status: 403, code: 'CROSS_ORIGIN', message: /Cross-origin/ },
  { name: 'pull-and-refresh for a rebound Host', method: 'POST', path: '/api/pull-and-refresh', headers: { Host: 'rebind.example:PORT', 'Content-Type': '' }, status: 403, code: 'FORBIDDEN_HOST', message: /rebind\.example/ },
];

describe('bad input to the admin API', () => {
  it.each(cases)('$name -> $status $code', async (c) => {
    const headers: Record<string, string> = { ...AUTH, ...JSON_TYPE };
    for (const [k, v] of Object.entries(c.headers ?? {})) {
      // An empty value in the table means "send no such header".
      if (k === 'Content-Type' && v === '') delete headers[k];
      else headers[k] = v.replace('PORT', String(port));
    }
    const savesBefore = gateway.saves.length;
    const pullsBefore = pulls;
    const res = await raw(c.method ?? 'POST', c.path ?? SAVE, headers, c.body);
    expect(res.status).toBe(c.status);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const { error } = errorEnvelopeSchema.parse(JSON.parse(res.text));
    expect(error.code).toBe(c.code);
    expect(error.message).toMatch(c.message);
    // Huge values are named, never echoed back.
    expect(error.message.length).toBeLessThan(600);
    expect(error.message).not.toContain(TOKENS.primary);
    expect(await readFile(manualFile, 'utf8')).toBe(INITIAL);
    expect(gateway.saves.length).toBe(savesBefore);
    expect(pulls).toBe(pullsBefore);
  });

  it('still accepts the same requests when they are well formed (the table is not refusing everything)', async () => {
    const ok = await raw('POST', SAVE, { ...AUTH, ...JSON_TYPE, Origin: `http://127.0.0.1:${port}`, 'Sec-Fetch-Site': 'same-origin' }, INITIAL);
    expect(ok.status).toBe(200);
    const viaLocalhost = await raw('PUT', '/api/admins', { ...AUTH, ...JSON_TYPE, Host: `localhost:${port}`, Origin: `http://localhost:${port}` }, '{"add":["carol"]}');
    expect(viaLocalhost.status).toBe(200);
    const pull = await raw('POST', '/api/pull-and-refresh', { ...AUTH, Origin: `http://127.0.0.1:${port}` });
    expect(pull.status).toBe(200);
    const pullJson = await raw('POST', '/api/pull-and-refresh', { ...AUTH, ...JSON_TYPE });
    expect(pullJson.status).toBe(200);
    // Extra fields inside a contributor record are kept, as hand-edited files keep them.
    const extra = await raw('POST', SAVE, { ...AUTH, ...JSON_TYPE }, JSON.stringify({ contributors: { Ann: { team: 'docs', contributions: [{ score: 3 }] } } }));
    expect(extra.status).toBe(200);
    expect(JSON.parse(await readFile(manualFile, 'utf8'))).toMatchObject({ contributors: { Ann: { team: 'docs' } } });
    await writeFile(manualFile, INITIAL);
  });

  it('accepts the page\'s own Origin behind a reverse proxy that speaks HTTPS (the server sees plain HTTP), and still no other host', async () => {
    const viaProxy = await raw('PUT', '/api/admins', { ...AUTH, ...JSON_TYPE, Origin: `https://127.0.0.1:${port}` }, '{"add":["carol"]}');
    expect(viaProxy.status).toBe(200);
    const other = await raw('PUT', '/api/admins', { ...AUTH, ...JSON_TYPE, Origin: `https://127.0.0.1.evil.example:${port}` }, '{"add":["carol"]}');
    expect(other.status).toBe(403);
    const garbage = await raw('PUT', '/api/admins', { ...AUTH, ...JSON_TYPE, Origin: `127.0.0.1:${port}` }, '{"add":["carol"]}');
    expect(garbage.status).toBe(403);
  });
});
