/**
 * Reading leaderboard.config.json: what loadConfig refuses (naming the file, the field and how to
 * fix it) instead of silently reading something else than what the file says.
 */
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFileSchema, defaultConfig, loadConfig } from '../../src/core/config.js';
import { LeaderboardError } from '../../src/core/errors.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A folder holding `leaderboard.config.json` with `content`, and the file's path. */
async function withConfig(content: string | Buffer): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-config-unit-'));
  dirs.push(dir);
  const file = path.join(dir, 'leaderboard.config.json');
  await writeFile(file, content);
  return { dir, file };
}

/** The LeaderboardError loadConfig throws for `content`. */
async function refusal(content: string | Buffer): Promise<{ error: LeaderboardError; file: string }> {
  const { dir, file } = await withConfig(content);
  const error = await loadConfig(dir).then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(LeaderboardError);
  expect((error as LeaderboardError).code).toBe('INVALID_CONFIG');
  return { error: error as LeaderboardError, file };
}

describe('a key given twice', () => {
  it('is refused naming the key, where it is and its lines (JSON keeps the last, silently)', async () => {
    const { error, file } = await refusal('{\n  "identities": {\n    "Bob": ["bob smith"],\n    "Bob": ["bob3@x.com"]\n  }\n}\n');
    expect(error.message).toBe(`${file} lists "Bob" twice in identities (lines 3 and 4): only the last would be read, and the first lost.`);
    expect(error.hint).toMatch(/Merge the two into one/);
    const top = await refusal('{"analysisPeriodDays": 365,\n"analysisPeriodDays": 300}');
    expect(top.error.message).toBe(`${top.file} lists "analysisPeriodDays" twice (lines 1 and 2): only the last would be read, and the first lost.`);
  });

  it('leaves the same key in two objects alone', async () => {
    const { dir } = await withConfig(JSON.stringify({ exclusions: { paths: ['a'] }, bots: { patterns: ['a'] }, identities: { Ann: ['ann@x.com'], Bob: ['bob@x.com'] } }));
    expect((await loadConfig(dir)).identities).toEqual({ Ann: ['ann@x.com'], Bob: ['bob@x.com'] });
  });
});

describe('a config that is a symbolic link', () => {
  it('is refused when it points at nothing, naming the link and its target (it was read as "no config")', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-config-unit-'));
    dirs.push(dir);
    const file = path.join(dir, 'leaderboard.config.json');
    await symlink('/missing.json', file);
    const error = await loadConfig(dir).then(() => null, (err: unknown) => err);
    expect(error).toBeInstanceOf(LeaderboardError);
    expect((error as LeaderboardError).code).toBe('INVALID_CONFIG');
    expect((error as LeaderboardError).message).toBe(`${file} is a symbolic link to /missing.json, which does not exist.`);
    expect((error as LeaderboardError).hint).toMatch(/Point the link at the configuration|remove it/);
  });

  it('is read through when it points at a file', async () => {
    const { dir: target } = await withConfig(JSON.stringify({ analysisPeriodDays: 30 }));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-config-unit-'));
    dirs.push(dir);
    await symlink(path.join(target, 'leaderboard.config.json'), path.join(dir, 'leaderboard.config.json'));
    expect((await loadConfig(dir)).analysisPeriodDays).toBe(30);
  });

  it('a missing config still gives the defaults', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-config-unit-'));
    dirs.push(dir);
    expect(await loadConfig(dir)).toEqual(defaultConfig());
  });
});

describe('the encoding', () => {
  it('reads past a UTF-8 byte order mark (Windows editors write one)', async () => {
    const { dir } = await withConfig(`\uFEFF${JSON.stringify({ analysisPeriodDays: 30 })}`);
    expect((await loadConfig(dir)).analysisPeriodDays).toBe(30);
  });

  it('refuses UTF-16 (from its byte order mark or its NUL bytes) saying how to save it as UTF-8', async () => {
    const text = JSON.stringify({ analysisPeriodDays: 30 });
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    for (const bytes of [le, be, Buffer.from(text, 'utf16le')]) {
      const { error, file } = await refusal(bytes);
      expect(error.message).toBe(`${file} is not UTF-8 text: ${bytes[0] === 0x7b ? 'it holds NUL bytes, as UTF-16 does' : 'it is UTF-16 (from its byte order mark)'}.`);
      expect(error.hint).toMatch(/Save it as UTF-8/);
      expect(error.message).not.toMatch(/\uFFFD|\0/);
    }
  });

  it('refuses other text that is not UTF-8, without its garbled characters', async () => {
    const { error, file } = await refusal(Buffer.from('{"identities":{"Jos\xe9":["jose@x.com"]}}', 'latin1'));
    expect(error.message).toBe(`${file} is not UTF-8 text.`);
    expect(error.hint).toMatch(/Save it as UTF-8/);
  });
});

describe('exclusions.paths', () => {
  it('refuses a "!" pattern, which would leave out every other path, naming the field and saying so of that pattern', async () => {
    const { error, file } = await refusal(JSON.stringify({ exclusions: { paths: ['docs', '!docs/keep.md'] } }));
    expect(error.message).toBe(`${file} is not a valid configuration: exclusions.paths.1: starts with "!": a pattern cannot bring a path back; "!docs/keep.md" would leave out every other path; list only what to leave out, like "docs" or "*.snap"`);
  });

  it.each(['/', './', '.'])('refuses %s, which names no file or folder', async (pattern) => {
    const { error, file } = await refusal(JSON.stringify({ exclusions: { paths: [pattern] } }));
    expect(error.message).toBe(`${file} is not a valid configuration: exclusions.paths.0: names no file or folder (only "/" and "."): give a name or glob, like "docs" or "*.snap"`);
  });

  it('takes folder names, globs and dotfiles as before', () => {
    const paths = ['docs', 'docs/', '/vendor/lib', '*.snap', '.github/', 'a!b.txt', '**/*.generated.ts'];
    expect(configFileSchema.parse({ exclusions: { paths } }).exclusions.paths).toEqual(paths);
  });
});

describe('URLs', () => {
  for (const url of ['localhost:11434', 'file:///etc', 'ftp://x', 'http:x']) {
    it(`refuses ${url} for ai.baseUrl and github.apiUrl, naming the field`, async () => {
      const ai = await refusal(JSON.stringify({ ai: { baseUrl: url } }));
      expect(ai.error.message).toBe(`${ai.file} is not a valid configuration: ai.baseUrl: must be an http(s) URL, like http://localhost:11434/v1`);
      const github = await refusal(JSON.stringify({ github: { apiUrl: url } }));
      expect(github.error.message).toBe(`${github.file} is not a valid configuration: github.apiUrl: must be an http(s) URL, like https://github.example.com/api/v3`);
    });
  }

  it('accepts http and https URLs as before', () => {
    const config = configFileSchema.parse({ ai: { baseUrl: 'http://localhost:11434/v1' }, github: { apiUrl: 'https://ghe.example/api/v3' } });
    expect(config.ai.baseUrl).toBe('http://localhost:11434/v1');
    expect(config.github.apiUrl).toBe('https://ghe.example/api/v3');
    expect(configFileSchema.parse({ ai: { baseUrl: 'HTTPS://Api.Example/v1' } }).ai.baseUrl).toBe('HTTPS://Api.Example/v1');
  });
});

describe('primaryAdmins', () => {
  for (const field of ['email', 'login']) {
    for (const value of ['', '   ']) {
      it(`refuses an empty ${field} (${JSON.stringify(value)}), which made the denial "Contact  for access."`, async () => {
        const { error } = await refusal(JSON.stringify({ primaryAdmins: { [field]: value } }));
        expect(error.message).toMatch(new RegExp(`primaryAdmins\\.${field}: must not be empty`));
      });
    }
  }

  it('keeps a given one as it is', () => {
    expect(configFileSchema.parse({ primaryAdmins: { email: 'ann@x.com', login: 'ann' } }).primaryAdmins).toEqual({ email: 'ann@x.com', login: 'ann' });
  });
});

describe('unknown keys', () => {
  it('are not taken for an API key because they hold "token" (maxTokens)', async () => {
    const { error, file } = await refusal(JSON.stringify({ ai: { maxTokens: 100 } }));
    expect(error.message).toBe(`${file} is not a valid configuration: ai: unknown key "maxTokens"`);
    expect(error.message).not.toMatch(/API key/);
  });

  for (const [section, key] of [['ai', 'apiKey'], ['ai', 'api_key'], ['ai', 'key'], ['ai', 'token'], ['ai', 'secret'], ['ai', 'password'], ['ai', 'openaiApiKey'], ['ai', 'accessToken'], ['github', 'token'], [null, 'apiKey']] as const) {
    it(`refuses ${section ?? '(top level)'}.${key} as a secret, without its value`, async () => {
      const { error, file } = await refusal(JSON.stringify(section ? { [section]: { [key]: 'sk-secret' } } : { [key]: 'sk-secret' }));
      const field = section ? `${section}.${key}` : key;
      const what = section === 'github' ? 'a token' : section === 'ai' ? 'an API key' : 'a secret';
      expect(error.message).toBe(`${file}: ${field}: ${what} does not belong in the configuration file (it is committed with the repository)${section === null ? ', and none is read from it' : ''}.`);
      expect(error.message + (error.hint ?? '')).not.toMatch(/sk-secret/);
      expect(error.hint).toMatch(section === 'github' ? /GITHUB_TOKEN/ : /OPENAI_API_KEY/);
    });
  }

  it('trims a URL as z.url() did (a trailing space sent requests to /v1%20/...), and refuses one with a user name or password', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-config-trim-'));
    await writeFile(path.join(dir, 'leaderboard.config.json'), JSON.stringify({ ai: { baseUrl: ' http://127.0.0.1:9/v1 ' }, github: { apiUrl: 'https://ghe.example.com/api/v3/ ' } }));
    const config = await loadConfig(dir);
    expect(config.ai.baseUrl).toBe('http://127.0.0.1:9/v1');
    expect(config.github.apiUrl).toBe('https://ghe.example.com/api/v3/');
    const { error } = await refusal(JSON.stringify({ ai: { baseUrl: 'https://u:sk-secret@api.example.com/v1' } }));
    expect(error.message).toContain('ai.baseUrl: must not hold a user name or password');
    expect(error.message).not.toContain('sk-secret');
  });

  it('says where a secret outside ai and github goes: none is read from the file', async () => {
    const { error } = await refusal(JSON.stringify({ repositories: [{ url: 'https://x/y.git', token: 'sk-secret' }] }));
    expect(error.message).toMatch(/repositories\.0\.token: a secret does not belong in the configuration file/);
    expect(error.hint).toContain("a private repository's access in git's own credentials");
  });

  for (const [text, hintText] of [
    [{ identites: { Ann: ['a@x.com'] } }, '(top level): unknown key "identites": did you mean "identities"?'],
    [{ exclusion: { lockFiles: false } }, '(top level): unknown key "exclusion": did you mean "exclusions"?'],
    [{ ai: { baseURL: 'http://localhost:1/v1' } }, 'ai: unknown key "baseURL": did you mean "baseUrl"?'],
    [{ serve: { refreshIntervall: '1h' } }, 'serve: unknown key "refreshIntervall": did you mean "refreshInterval"?'],
    [{ repositories: [{ url: 'https://x/y.git', nmae: 'y' }] }, 'repositories.0: unknown key "nmae": did you mean "name"?'],
    [{ github: { points: { aproved: 1 } } }, 'github.points: unknown key "aproved": did you mean "approved"?'],
  ] as const) {
    it(`suggests the known key for ${JSON.stringify(text)}`, async () => {
      const { error, file } = await refusal(JSON.stringify(text));
      expect(error.message).toBe(`${file} is not a valid configuration: ${hintText}`);
    });
  }

  it('suggests nothing when no known key is close', async () => {
    const { error, file } = await refusal(JSON.stringify({ colour: 'red' }));
    expect(error.message).toBe(`${file} is not a valid configuration: (top level): unknown key "colour"`);
    expect(error.hint).toMatch(/README/);
  });
});
