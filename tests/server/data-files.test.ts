import { mkdtemp, rm, writeFile as fsWriteFile, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFileHandler, dataFileHandler } from '../../src/server/data-files.js';
import { listen } from '../support/http.js';

let dir: string;
let url: string;
let close: () => Promise<void>;
const file = () => path.join(dir, 'leaderboard-data.json');
/** Written like the product writes: a temp file renamed over the target. */
async function write(text: string): Promise<void> {
  await fsWriteFile(`${file()}.tmp`, text);
  await rename(`${file()}.tmp`, file());
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lb-data-files-'));
  const app = express();
  app.get('/data.json', dataFileHandler(file()));
  ({ url, close } = await listen(app));
});
afterAll(async () => {
  await close();
  await rm(dir, { recursive: true, force: true });
});

describe('dataFileHandler', () => {
  it('answers 404 JSON while the file does not exist', async () => {
    const res = await fetch(`${url}/data.json`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'leaderboard-data.json does not exist yet.' } });
  });

  it('serves the bytes, gzipped when the client accepts it, with a strong ETag and revalidation', async () => {
    const text = JSON.stringify({ a: 'x'.repeat(10_000) });
    await write(text);
    const plain = await fetch(`${url}/data.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await plain.text()).toBe(text);
    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    // Node's fetch would decode gzip itself; read the raw bytes through a plain request instead.
    const { request } = await import('node:http');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${url}/data.json`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject).end();
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.body.length).toBeLessThan(text.length / 10);
    expect(gunzipSync(raw.body).toString()).toBe(text);

    const again = await fetch(`${url}/data.json`, { headers: { 'if-none-match': String(etag) } });
    expect(again.status).toBe(304);
  });

  it('serves a new version as soon as the file is replaced', async () => {
    await write('{"v":1}');
    const first = await fetch(`${url}/data.json`);
    expect(await first.text()).toBe('{"v":1}');
    await write('{"v":2}');
    const second = await fetch(`${url}/data.json`, { headers: { 'if-none-match': String(first.headers.get('etag')) } });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe('{"v":2}');
  });
});

describe('chunkFileHandler', () => {
  it('serves a chunk by its 16-hex-digit name as immutable, and 404s other names and missing chunks', async () => {
    const chunks = await mkdtemp(path.join(os.tmpdir(), 'lb-chunks-'));
    const app = express();
    app.get('/leaderboard-chunks/:name', chunkFileHandler(chunks));
    const server = await listen(app);
    try {
      const text = '{"commit_defaults":{},"commits":[],"entries":[]}\n';
      await fsWriteFile(path.join(chunks, '0123456789abcdef.json'), text);
      const res = await fetch(`${server.url}/leaderboard-chunks/0123456789abcdef.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toBe(text);
      for (const name of ['fedcba9876543210.json', '..%2Fleaderboard-data.json', '0123456789ABCDEF.json', 'x.json']) {
        expect((await fetch(`${server.url}/leaderboard-chunks/${name}`)).status, name).toBe(404);
      }
    } finally {
      await server.close();
      await rm(chunks, { recursive: true, force: true });
    }
  });
});

describe('boardIndexGuard', () => {
  let gdir: string;
  let gurl: string;
  let gclose: () => Promise<void>;
  const index = () => path.join(gdir, 'leaderboard-index.json');
  const data = () => path.join(gdir, 'leaderboard-data.json');
  beforeAll(async () => {
    gdir = await mkdtemp(path.join(os.tmpdir(), 'lb-index-guard-'));
    const { boardIndexGuard } = await import('../../src/server/data-files.js');
    const app = express();
    app.get('/leaderboard-index.json', boardIndexGuard(index(), data()), dataFileHandler(index()));
    ({ url: gurl, close: gclose } = await listen(app));
  });
  afterAll(async () => {
    await gclose();
    await rm(gdir, { recursive: true, force: true });
  });

  it('serves the index only while the data file beside it is the one it was split from (else no content: the page reads the data file)', async () => {
    expect((await fetch(`${gurl}/leaderboard-index.json`)).status).toBe(204);
    await fsWriteFile(index(), '{"format":1,"last_updated":"2026-11-23T10:00:00.000Z","periods":{}}\n');
    await fsWriteFile(data(), '{"schema_version":2,"last_updated":"2026-11-23T10:00:00.000Z","commits":[]}\n');
    const ok = await fetch(`${gurl}/leaderboard-index.json`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ format: 1 });
    // Replaced by hand (another tool's file, pretty-printed), or damaged: the index steps aside.
    await fsWriteFile(`${data()}.tmp`, JSON.stringify({ last_updated: '2025-01-01T00:00:00Z', leaderboards: {} }, null, 2));
    await rename(`${data()}.tmp`, data());
    const stale = await fetch(`${gurl}/leaderboard-index.json`);
    expect(stale.status).toBe(204);
    expect(stale.headers.get('x-leaderboard-index')).toContain('does not belong to leaderboard-data.json');
    await fsWriteFile(`${data()}.tmp`, '{"schema_ver');
    await rename(`${data()}.tmp`, data());
    expect((await fetch(`${gurl}/leaderboard-index.json`)).status).toBe(204);
  });
});
