import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.js';
import { startServer } from '../../src/server/start.js';
import { errorEnvelopeSchema, healthSchema } from '../../src/shared/api.js';
import { listen } from '../support/http.js';

let dir: string;
let webRoot: string;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lb-app-'));
  webRoot = path.join(dir, 'web');
  await mkdir(path.join(dir, 'data'));
  await mkdir(webRoot);
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>page</title>');
  await writeFile(path.join(dir, 'data', 'leaderboard-data.json'), '{"last_updated":"2025-01-01T00:00:00Z","leaderboards":{}}');
  server = await listen(createApp({ dataDir: path.join(dir, 'data'), version: '9.9.9', webRoot }));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('createApp', () => {
  it('answers /api/health with the version and whether the data file exists', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(healthSchema.parse(await res.json())).toEqual({ ok: true, version: '9.9.9', dataFile: true });
  });

  it('serves the data file with revalidation and an ETag', async () => {
    const res = await fetch(`${server.url}/leaderboard-data.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(await res.json()).toMatchObject({ last_updated: '2025-01-01T00:00:00Z' });
  });

  it('answers a missing status file (no refresh yet) with 204 and no body: the page polls it, and a 404 was a console error each time', async () => {
    const res = await fetch(`${server.url}/last-update.json`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  it('answers a missing index with no content, saying why in a header: the page then reads the data file, and its console stays clean', async () => {
    const res = await fetch(`${server.url}/leaderboard-index.json`);
    expect(res.status).toBe(204);
    expect(res.headers.get('x-leaderboard-index')).toMatch(/^none: leaderboard-index\.json does not belong to leaderboard-data\.json/);
  });

  it('serves the built page at /', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>page</title>');
  });

  it('answers unknown /api routes with 404 JSON', async () => {
    const res = await fetch(`${server.url}/api/nope`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(errorEnvelopeSchema.parse(await res.json()).error.code).toBe('NOT_FOUND');
  });

  it('does not serve files outside the page directory', async () => {
    const res = await fetch(`${server.url}/..%2f..%2fdata%2fleaderboard-data.json`);
    expect(res.status).toBe(404);
    const res2 = await fetch(`${server.url}/%2e%2e/data/leaderboard-data.json`);
    expect(res2.status).toBe(404);
  });
});

describe('startServer', () => {
  it('refuses a busy port with a clear error', async () => {
    const first = await startServer({ dataDir: dir, version: '1', webRoot, port: 0, host: '127.0.0.1' });
    try {
      await expect(startServer({ dataDir: dir, version: '1', webRoot, port: first.port, host: '127.0.0.1' }))
        .rejects.toMatchObject({ code: 'PORT_IN_USE', message: `Port ${first.port} on 127.0.0.1 is already in use.` });
    } finally {
      await first.close();
    }
  });
});
