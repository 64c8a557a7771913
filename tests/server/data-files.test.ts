import { mkdtemp, rm, writeFile as fsWriteFile, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFileHandler } from '../../src/server/data-files.js';
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
