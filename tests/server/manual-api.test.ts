import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { backupFileName, manualEtag } from '../../src/core/manual-service.js';
import { dataDirPaths } from '../../src/core/store/data-dir.js';
import { createApp } from '../../src/server/app.js';
import { manualContributionsResponseSchema, messageResponseSchema } from '../../src/shared/admin-api.js';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import { manualContributionsFileSchema } from '../../src/shared/manual-contributions.js';
import type { TestRepo } from '../support/git-repo.js';
import { listen } from '../support/http.js';
import { bearer, FakeGateway, PRIMARY, refreshedRepo, TARGET, TOKENS } from './admin-support.js';

let repo: TestRepo;
let dataDir: string;
let manualFile: string;
let server: { url: string; close: () => Promise<void> };

const INITIAL = `${JSON.stringify({
  _instructions: 'Kept by hand.',
  contributors: { Carol: { email: 'carol@example.com', contributions: [{ score: 10, notes: 'talk', start_date: null, end_date: null }] } },
  _custom: { keep: true },
}, null, 2)}\n`;

beforeAll(async () => {
  ({ repo, dataDir } = await refreshedRepo());
  manualFile = dataDirPaths(dataDir).manual;
  server = await listen(createApp({ dataDir, repo: repo.dir, version: '1', admin: { gateway: new FakeGateway(), target: TARGET, primary: PRIMARY } }));
});
afterAll(async () => {
  await server.close();
  await repo.cleanup();
});
beforeEach(async () => {
  await writeFile(manualFile, INITIAL);
});

const admin = bearer(TOKENS.primary);

function get(path: string) {
  return fetch(`${server.url}${path}`, { headers: admin });
}

function save(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/update-manual-contributions`, {
    method: 'POST',
    headers: { ...admin, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const contribution = (score: number, notes = '') => ({ score, notes, start_date: null, end_date: null });

async function errorOf(res: Response) {
  return errorEnvelopeSchema.parse(await res.json()).error;
}

describe('GET /api/manual-contributions', () => {
  it('answers the contributors with a strong ETag of the file', async () => {
    const res = await get('/api/manual-contributions');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(manualEtag(INITIAL));
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(manualContributionsResponseSchema.parse(await res.json()).contributors).toEqual({
      Carol: { email: 'carol@example.com', contributions: [contribution(10, 'talk')] },
    });
  });

  it('answers an empty map when there is no file', async () => {
    await rm(manualFile);
    const res = await get('/api/manual-contributions');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(manualEtag(null));
    expect(await res.json()).toEqual({ contributors: {} });
  });

  it('reports a broken file as a 500 naming it', async () => {
    await writeFile(manualFile, '{ not json');
    const res = await get('/api/manual-contributions');
    expect(res.status).toBe(500);
    const error = await errorOf(res);
    expect(error.code).toBe('INVALID_DATA_FILE');
    expect(error.message).toContain('manual-contributions.json is not valid JSON');
    // A name listed twice: shown once, the panel's next save dropped the first entry.
    await writeFile(manualFile, '{"contributors":{"Ann":{"contributions":[{"score":5}]},"Ann":{"contributions":[{"score":7}]}}}');
    const twice = await get('/api/manual-contributions');
    expect(twice.status).toBe(500);
    expect(await errorOf(twice)).toMatchObject({ code: 'INVALID_DATA_FILE', message: expect.stringContaining('lists "Ann" twice in contributors') });
  });
});

describe('POST /api/update-manual-contributions', () => {
  it('saves, keeps the other top-level keys, rebuilds the leaderboards and answers the new ETag', async () => {
    const etag = (await get('/api/manual-contributions')).headers.get('etag')!;
    const contributors = { Carol: { email: 'carol@example.com', contributions: [contribution(10, 'talk'), contribution(25, 'paper')] }, Zed: { contributions: [contribution(7)] } };
    const res = await save({ contributors }, { 'If-Match': etag });
    expect(res.status).toBe(200);
    expect(messageResponseSchema.parse(await res.json()).message).toBe('Saved the manual contributions of 2 contributors; the leaderboards are updated.');
    const text = await readFile(manualFile, 'utf8');
    expect(res.headers.get('etag')).toBe(manualEtag(text));
    const saved = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(saved)).toEqual(['_instructions', 'contributors', '_custom']);
    expect(saved).toMatchObject({ _instructions: 'Kept by hand.', _custom: { keep: true }, contributors });
    const data = await readFile(dataDirPaths(dataDir).data, 'utf8');
    expect(data).toContain('Zed');
    // The next read carries the new version.
    expect((await get('/api/manual-contributions')).headers.get('etag')).toBe(res.headers.get('etag'));
  });

  it('refuses a name on the board or kept in another spelling, a second person, and leaves the file as it was', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ dana: { contributions: [contribution(3)] } }, '"dana" is "Dana" in another spelling: a contribution under it would be a second person. Use "Dana".'],
      [{ Carol: { contributions: [contribution(10, 'talk')] }, CAROL: { contributions: [contribution(2)] } }, '"CAROL" is "Carol" in another spelling: a contribution under it would be a second person. Use "Carol".'],
    ];
    for (const [contributors, message] of refusals) {
      const res = await save({ contributors });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: 'INVALID_INPUT', message });
      expect(await readFile(manualFile, 'utf8')).toBe(INITIAL);
    }
    // A name of the board as the board writes it is that person.
    expect((await save({ contributors: { Dana: { contributions: [contribution(3)] } } })).status).toBe(200);
    // A misspelling kept by mistake, put right in one save: the name it drops is no one's.
    await writeFile(manualFile, `${JSON.stringify({ contributors: { dana: { contributions: [contribution(3)] } } })}\n`);
    expect((await save({ contributors: { Dana: { contributions: [contribution(3)] } } })).status).toBe(200);
  });

  it('refuses a stale If-Match with 409 and leaves the file as it was', async () => {
    const res = await save({ contributors: {} }, { 'If-Match': manualEtag('an older version') });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'STALE_VERSION', message: 'The manual contributions were changed by someone else; reload and try again.' });
    expect(await readFile(manualFile, 'utf8')).toBe(INITIAL);
  });

  it('refuses the version of a read made before someone else saved', async () => {
    const first = (await get('/api/manual-contributions')).headers.get('etag')!;
    expect((await save({ contributors: { A: { contributions: [] } } }, { 'If-Match': first })).status).toBe(200);
    const afterFirst = await readFile(manualFile, 'utf8');
    expect((await save({ contributors: { B: { contributions: [] } } }, { 'If-Match': first })).status).toBe(409);
    expect(await readFile(manualFile, 'utf8')).toBe(afterFirst);
  });

  it('accepts a save without If-Match, and If-Match: *', async () => {
    expect((await save({ contributors: { Solo: { contributions: [contribution(3)] } } })).status).toBe(200);
    expect(JSON.parse(await readFile(manualFile, 'utf8'))).toMatchObject({ contributors: { Solo: { contributions: [contribution(3)] } } });
    expect((await save({ contributors: {} }, { 'If-Match': '*' })).status).toBe(200);
  });

  it('creates the file (with its instructions) when there is none', async () => {
    await rm(manualFile);
    const res = await save({ contributors: { New: { contributions: [contribution(5)] } } }, { 'If-Match': manualEtag(null) });
    expect(res.status).toBe(200);
    const saved = manualContributionsFileSchema.parse(JSON.parse(await readFile(manualFile, 'utf8')));
    expect(saved._instructions).toBeTypeOf('string');
    expect(Object.keys(saved.contributors)).toEqual(['New']);
  });

  it('lets exactly one of 20 concurrent saves of one version win; the others get 409', async () => {
    const etag = (await get('/api/manual-contributions')).headers.get('etag')!;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      save({ contributors: { [`Writer ${i}`]: { contributions: [contribution(i + 1)] } } }, { 'If-Match': etag }).then(async (r) => ({ status: r.status, i }))));
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const saved = manualContributionsFileSchema.parse(JSON.parse(await readFile(manualFile, 'utf8')));
    expect(Object.keys(saved.contributors)).toEqual([`Writer ${winners[0]!.i}`]);
  });

  it('applies concurrent saves without If-Match one after another: the file stays whole', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      save({ contributors: { [`Writer ${i}`]: { contributions: [contribution(i + 1)] } } }).then((r) => r.status)));
    expect(results).toEqual(Array(10).fill(200));
    const saved = manualContributionsFileSchema.parse(JSON.parse(await readFile(manualFile, 'utf8')));
    expect(Object.keys(saved.contributors)).toHaveLength(1);
    expect(Object.keys(saved.contributors)[0]).toMatch(/^Writer \d$/);
  });

  describe('refuses invalid bodies with 400 naming the field, and changes nothing', () => {
    const cases: [string, unknown, string][] = [
      ['a negative score', { contributors: { Carol: { contributions: [{ score: -5 }] } } }, 'contributors.Carol.contributions.0.score: must not be negative'],
      ['a fractional score', { contributors: { Carol: { contributions: [{ score: 1.5 }] } } }, 'contributors.Carol.contributions.0.score: must be a whole number'],
      ['a bad date', { contributors: { Carol: { contributions: [{ score: 5, start_date: '2025-02-30' }] } } }, 'contributors.Carol.contributions.0.start_date: is not a real calendar date'],
      ['an end before the start', { contributors: { Carol: { contributions: [{ score: 5, start_date: '2025-03-02', end_date: '2025-03-01' }] } } }, 'contributors.Carol.contributions.0.end_date: end_date is before start_date'],
      ['no contributors', { people: {} }, 'contributors:'],
      ['an empty name', { contributors: { ' ': { contributions: [] } } }, 'contributors. : Contributor name is required'],
      ['a name too long', { contributors: { ['n'.repeat(201)]: { contributions: [] } } }, 'Contributor name must be at most 200 characters'],
      ['a legacy record with a bad score', { contributors: { Carol: { score: -1, notes: '' } } }, 'contributors.Carol.score: '],
      ['two names that are one once trimmed', { contributors: { Ann: { contributions: [{ score: 20 }] }, 'Ann ': { contributions: [{ score: 35 }] } } }, 'contributors.Ann : "Ann" and "Ann " are one name once the spaces around it are removed'],
      ['a misspelt date field', { contributors: { Bob: { contributions: [{ score: 10, start: '2025-01-01' }] } } }, 'contributors.Bob.contributions.0.start: unknown field "start", which would be ignored: write "start_date"'],
      ['a misspelt list', { contributors: { Bob: { contribution: [{ score: 50 }] } } }, 'contributors.Bob.contribution: unknown field "contribution", which would be ignored: write "contributions"'],
    ];
    for (const [what, body, expected] of cases) {
      it(what, async () => {
        const res = await save(body);
        expect(res.status).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe('INVALID_INPUT');
        expect(error.message).toContain(expected);
        expect(await readFile(manualFile, 'utf8')).toBe(INITIAL);
      });
    }

    it('the name "__proto__"', async () => {
      const res = await save('{"contributors":{"__proto__":{"contributions":[{"score":5}]}}}');
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: 'INVALID_INPUT', message: 'Invalid request body: contributors.__proto__: the name "__proto__" is reserved; choose another name.' });
      expect(await readFile(manualFile, 'utf8')).toBe(INITIAL);
    });

    it('a body that is not JSON, or not sent as JSON', async () => {
      const bad = await save('{"contributors": ');
      expect(bad.status).toBe(400);
      expect(await errorOf(bad)).toEqual({ code: 'INVALID_INPUT', message: 'The request body is not valid JSON.' });
      const plain = await fetch(`${server.url}/api/update-manual-contributions`, { method: 'POST', headers: { ...admin, 'Content-Type': 'text/plain' }, body: '{}' });
      expect(plain.status).toBe(415);
      expect((await errorOf(plain)).message).toContain('Content-Type: application/json');
    });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const notes = 'x'.repeat(1500);
    const contributors = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`C${i}`, { contributions: [{ score: 1, notes }] }]));
    const res = await save({ contributors });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large: the server accepts at most 1 MB (1048576 bytes).' });
    expect(await readFile(manualFile, 'utf8')).toBe(INITIAL);
  });
});

describe('GET /api/export-manual-contributions', () => {
  it('downloads the file as it is, named with the date', async () => {
    const res = await get('/api/export-manual-contributions');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${backupFileName()}"`);
    expect(res.headers.get('content-disposition')).toMatch(/filename="manual-contributions-backup-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(INITIAL);
  });

  it('downloads an empty file when there is none yet', async () => {
    await rm(manualFile);
    const res = await get('/api/export-manual-contributions');
    expect(res.status).toBe(200);
    expect(manualContributionsFileSchema.parse(await res.json()).contributors).toEqual({});
  });
});

describe('POST /api/update-manual-contributions and identities', () => {
  it('refuses a new name identities makes another name of someone (the panel knows the board\'s names, not the config), keeping names already in the file', async () => {
    const config = { ...defaultConfig(), identities: { Carol: ['caz'], Dana: ['dee'] } };
    const withIdentities = await listen(createApp({ dataDir, repo: repo.dir, version: '1', config, admin: { gateway: new FakeGateway(), target: TARGET, primary: PRIMARY } }));
    try {
      const post = (contributors: unknown) => fetch(`${withIdentities.url}/api/update-manual-contributions`, { method: 'POST', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify({ contributors }) });
      const current = manualContributionsFileSchema.parse(JSON.parse(INITIAL)).contributors;
      const refused = await post({ ...current, dee: { contributions: [contribution(5)] } });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe('"dee" is another name of "Dana" (identities in leaderboard.config.json): a contribution under it would be a second person. Use "Dana".');
      expect(await readFile(manualFile, 'utf8')).toBe(INITIAL);
      // A name the file holds already is kept as it is; the canonical name is taken.
      await writeFile(manualFile, INITIAL.replace('"Carol"', '"caz"'));
      const kept = await post({ caz: { contributions: [contribution(7)] }, Dana: { contributions: [contribution(5)] } });
      expect(kept.status).toBe(200);
    } finally {
      await withIdentities.close();
    }
  });

  it('saves with the config as serve last read it (live), not as it started', async () => {
    let config = defaultConfig();
    const reading = await listen(createApp({ dataDir, repo: repo.dir, version: '1', config, live: () => ({ config, sources: null }), admin: { gateway: new FakeGateway(), target: TARGET, primary: PRIMARY } }));
    try {
      const post = (contributors: unknown) => fetch(`${reading.url}/api/update-manual-contributions`, { method: 'POST', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify({ contributors }) });
      const current = manualContributionsFileSchema.parse(JSON.parse(INITIAL)).contributors;
      // The file was edited while serve ran, and a refresh read it again.
      config = { ...defaultConfig(), identities: { Dana: ['dee'] } };
      const refused = await post({ ...current, dee: { contributions: [contribution(5)] } });
      expect(refused.status).toBe(400);
      expect(await readFile(manualFile, 'utf8')).toBe(INITIAL);
    } finally {
      await reading.close();
    }
  });
});
