import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORS_EXPOSE_HEADERS } from '../../support/github-emulator.js';
import { EXPOSED_HEADERS, GITHUB_ROUTES } from '../../../web/src/admin/github/rest.js';

const doc = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const dir = path.resolve(import.meta.dirname, '../../../web/src/admin/github');
const sources = readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');

describe('the GitHub back end requests only what GitHub documents', () => {
  it('every route it can request is an operation of GitHub\'s OpenAPI description', () => {
    for (const route of GITHUB_ROUTES) {
      const [method = '', template = ''] = route.split(' ');
      expect(doc.paths[template]?.[method.toLowerCase()], route).toBeDefined();
    }
  });

  it('every route named in its code is in the list (and every listed route is used)', () => {
    const named = new Set([...sources.matchAll(/'((?:GET|POST|PUT|PATCH|DELETE) \/[^']*)'/g)].map((m) => m[1]));
    expect([...named].sort()).toEqual([...GITHUB_ROUTES].sort());
  });

  it('reads only headers GitHub exposes to browsers, and the emulator exposes exactly those', () => {
    expect(CORS_EXPOSE_HEADERS.split(', ')).toEqual([...EXPOSED_HEADERS]);
    const read = [...sources.matchAll(/header\('([^']+)'\)/g)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(0);
    for (const name of read) expect(EXPOSED_HEADERS as readonly string[]).toContain(name);
    // No Node APIs in browser code.
    expect(sources).not.toMatch(/\bBuffer\.|from 'node:|\bprocess\.env|\brequire\(/);
  });
});
