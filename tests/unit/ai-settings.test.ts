import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AiCache } from '../../src/core/ai/ai-cache.js';
import { describeFailure } from '../../src/core/ai/providers.js';
import { resolveAiSettings } from '../../src/core/ai/settings.js';
import { configFileSchema, defaultConfig, loadConfig } from '../../src/core/config.js';

const dirs: string[] = [];
const tempDir = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'lb-ai-unit-'));
  dirs.push(d);
  return d;
};
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('choosing the AI provider', () => {
  it('is the local estimate by default and with --ai none', () => {
    expect(resolveAiSettings(defaultConfig(), {}, {})).toBeNull();
    expect(resolveAiSettings(configFileSchema.parse({ ai: { provider: 'openai' } }), { ai: 'none' }, { OPENAI_API_KEY: 'k' })).toBeNull();
  });

  it("refuses a provider's flags without a provider, rather than ignoring them", () => {
    expect(() => resolveAiSettings(defaultConfig(), { aiBaseUrl: 'ftp://x' }, {})).toThrow('--ai-base-url needs an AI provider, and the AI part is the local estimate (ai.provider of leaderboard.config.json is none, its default).');
    expect(() => resolveAiSettings(defaultConfig(), { ai: 'none', aiModel: 'm', aiConcurrency: 2 }, {})).toThrow('--ai-model and --ai-concurrency need an AI provider, and the AI part is the local estimate (--ai none).');
  });

  it('takes flags over environment over the config file, with default models', () => {
    const config = configFileSchema.parse({ ai: { provider: 'anthropic', model: 'from-config', baseUrl: 'http://config.example/v1', concurrency: 2 } });
    expect(resolveAiSettings(config, {}, {})).toMatchObject({ provider: 'anthropic', model: 'from-config', baseUrl: 'http://config.example/v1', concurrency: 2, timeoutMs: 60_000 });
    expect(resolveAiSettings(config, {}, { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://env.example' })).toMatchObject({ baseUrl: 'http://env.example' });
    expect(resolveAiSettings(config, { ai: 'openai', aiBaseUrl: 'http://flag.example/v1', aiConcurrency: 8 }, { OPENAI_BASE_URL: 'http://env.example' })).toMatchObject({ provider: 'openai', model: 'gpt-4.1-mini', baseUrl: 'http://flag.example/v1', concurrency: 8 });
    expect(resolveAiSettings(defaultConfig(), { ai: 'openai' }, { OPENAI_API_KEY: 'k' })).toMatchObject({ model: 'gpt-4.1-mini', apiKey: 'k', concurrency: 4 });
    expect(resolveAiSettings(defaultConfig(), { ai: 'anthropic' }, { ANTHROPIC_API_KEY: 'k' })).toMatchObject({ model: 'claude-haiku-4-5' });
  });

  it('never sends the environment\'s key to a server only the config file names (the repository\'s, cloned from anyone)', () => {
    const config = (baseUrl: string) => configFileSchema.parse({ ai: { provider: 'openai', baseUrl } });
    expect(() => resolveAiSettings(config('http://collect.example/v1?token=x'), {}, { OPENAI_API_KEY: 'sk-mine' })).toThrow(
      'leaderboard.config.json sends the AI requests to http://collect.example/v1, which would get your OPENAI_API_KEY and every diff scored.');
    // Named by the user: the flag, or the environment.
    expect(resolveAiSettings(config('http://collect.example/v1'), { aiBaseUrl: 'http://collect.example/v1' }, { OPENAI_API_KEY: 'sk-mine' })).toMatchObject({ apiKey: 'sk-mine' });
    expect(resolveAiSettings(config('http://collect.example/v1'), {}, { OPENAI_API_KEY: 'sk-mine', OPENAI_BASE_URL: 'http://collect.example/v1' })).toMatchObject({ apiKey: 'sk-mine' });
    // The provider's own API, and this machine: the config's word is enough. Without a key, any server.
    for (const url of ['https://api.openai.com/v1', 'http://localhost:11434/v1', 'http://127.0.0.1:8080/v1']) {
      expect(resolveAiSettings(config(url), {}, { OPENAI_API_KEY: 'sk-mine' }), url).toMatchObject({ baseUrl: url, apiKey: 'sk-mine' });
    }
    expect(() => resolveAiSettings(config('http://api.openai.com/v1'), {}, { OPENAI_API_KEY: 'sk-mine' })).toThrow(/would get your OPENAI_API_KEY/);
    expect(resolveAiSettings(config('http://collect.example/v1'), {}, {})?.apiKey).toBeUndefined();
  });

  it("keeps the config's model and server to the config's provider: --ai naming the other one takes its own defaults", () => {
    const config = configFileSchema.parse({ ai: { provider: 'openai', model: 'gpt-4o', baseUrl: 'http://127.0.0.1:9/v1' } });
    const other = resolveAiSettings(config, { ai: 'anthropic' }, { ANTHROPIC_API_KEY: 'k' });
    expect(other).toMatchObject({ provider: 'anthropic', model: 'claude-haiku-4-5' });
    expect(other?.baseUrl).toBeUndefined();
    expect(resolveAiSettings(config, { ai: 'openai' }, { OPENAI_API_KEY: 'k' })).toMatchObject({ provider: 'openai', model: 'gpt-4o', baseUrl: 'http://127.0.0.1:9/v1' });
    // A model with no provider in the config is for whichever --ai names.
    expect(resolveAiSettings(configFileSchema.parse({ ai: { model: 'm1' } }), { ai: 'anthropic' }, { ANTHROPIC_API_KEY: 'k' })).toMatchObject({ model: 'm1' });
  });

  it('refuses an empty --ai-model (its answers were cached under "" and dropped at the next load)', () => {
    for (const aiModel of ['', '  ']) expect(() => resolveAiSettings(defaultConfig(), { ai: 'openai', aiModel }, { OPENAI_API_KEY: 'k' })).toThrow('--ai-model is empty.');
    expect(resolveAiSettings(defaultConfig(), { ai: 'openai', aiModel: ' gpt-x ' }, { OPENAI_API_KEY: 'k' })?.model).toBe('gpt-x');
  });

  it('needs a key for the hosted APIs but not for a local server, and says which variable', () => {
    expect(() => resolveAiSettings(defaultConfig(), { ai: 'openai' }, {})).toThrow(/--ai openai needs an API key: OPENAI_API_KEY is not set/);
    expect(() => resolveAiSettings(defaultConfig(), { ai: 'anthropic' }, {})).toThrow(/ANTHROPIC_API_KEY/);
    const local = resolveAiSettings(defaultConfig(), { ai: 'openai', aiBaseUrl: 'http://localhost:11434/v1' }, {});
    expect(local).toMatchObject({ baseUrl: 'http://localhost:11434/v1' });
    expect(local?.apiKey).toBeUndefined();
  });

  it('refuses unknown providers and bad URLs by name', () => {
    expect(() => resolveAiSettings(defaultConfig(), { ai: 'gemini' }, {})).toThrow(/--ai must be openai, anthropic or none, got "gemini"/);
    expect(() => resolveAiSettings(defaultConfig(), { ai: 'openai', aiBaseUrl: 'localhost:11434' }, {})).toThrow(/must be an http\(s\) URL/);
    // fetch cannot send a URL with credentials: refused at once, not every commit "unreachable".
    expect(() => resolveAiSettings(defaultConfig(), { ai: 'openai', aiBaseUrl: 'http://Ann:Secret@localhost:9/v1' }, { OPENAI_API_KEY: 'k' }))
      .toThrow('The AI base URL holds a user name or password, which requests cannot carry.');
  });

  it('refuses an API key in the config file, naming the variable to use instead', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'leaderboard.config.json'), JSON.stringify({ ai: { provider: 'openai', apiKey: 'sk-secret' } }));
    await expect(loadConfig(dir)).rejects.toThrow(/an API key does not belong in the configuration file/);
    await expect(loadConfig(dir)).rejects.not.toThrow(/sk-secret/);
  });
});

describe('describing a provider failure', () => {
  it('never repeats the key, even when the API echoes it', () => {
    const err = Object.assign(new Error('401 Incorrect API key provided: sk-abcdef123456'), { status: 401 });
    const { message, fatal } = describeFailure(err, 'openai:m', undefined, 'sk-abcdef123456');
    expect(fatal).toBe(true);
    expect(message).toBe('openai:m refused the API key (401: Incorrect API key provided: [redacted]); check OPENAI_API_KEY');
  });

  it('never repeats a user name and password given in --ai-base-url (the status file is published)', () => {
    // As both SDKs name it (see errorClassNames).
    class APIConnectionError extends Error {}
    const err = new APIConnectionError('Connection error.', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    const { message } = describeFailure(err, 'openai:m', 'http://llmuser:Sup3rS3cret@127.0.0.1:9/v1', undefined);
    expect(message).not.toContain('Sup3rS3cret');
    expect(message).not.toContain('llmuser');
    expect(message).toContain('http://127.0.0.1:9/v1');
    // Nor a key some gateways take in the query string.
    const withQuery = describeFailure(err, 'openai:m', 'http://127.0.0.1:9/v1?api-key=QUERYSECRET&x=1', undefined).message;
    expect(withQuery).not.toContain('QUERYSECRET');
    expect(withQuery).toContain('http://127.0.0.1:9/v1?[redacted]');
  });

  it('treats 5xx, 429 and 400 (one commit\'s request refused) as passing, 404 as fatal', () => {
    const withStatus = (status: number) => Object.assign(new Error(`${status} x`), { status });
    expect(describeFailure(withStatus(503), 's', undefined, undefined).fatal).toBe(false);
    expect(describeFailure(withStatus(429), 's', undefined, undefined).fatal).toBe(false);
    expect(describeFailure(withStatus(404), 's', undefined, undefined)).toMatchObject({ fatal: true, message: expect.stringMatching(/check the model name/) });
    expect(describeFailure(withStatus(400), 's', undefined, undefined).fatal).toBe(false);
    expect(describeFailure(withStatus(422), 's', undefined, undefined).fatal).toBe(false);
  });

  it('does not say a body was missing when the SDK only could not read it', () => {
    // What OpenAI's SDK makes of a 404 whose JSON body has no `error` object.
    const err = Object.assign(new Error('404 status code (no body)'), { status: 404, error: undefined });
    expect(describeFailure(err, 'openai:m', undefined, undefined).message).toBe('openai:m was not found (404); check the model name and --ai-base-url');
  });
});

describe('the AI cache file', () => {
  const entry = (hash: string, model: string, at: string, score = 10) => ({ hash, provider: 'openai', model, prompt: 1, score, reason: 'r', at });

  it('drops a torn last line and broken entries, keeps the rest and rewrites the file whole', async () => {
    const file = path.join(await tempDir(), 'ai-cache.jsonl');
    const good = entry('a'.repeat(40), 'm1', '2025-01-01T00:00:00Z');
    const badScore = entry('b'.repeat(40), 'm1', '2025-01-01T00:00:00Z', 99);
    await writeFile(file, `${JSON.stringify(good)}\n${JSON.stringify(badScore)}\n{"hash": "cccc`);
    const { cache, dropped } = await AiCache.load(file);
    expect(dropped).toBe(2);
    expect(cache.size).toBe(1);
    expect(await readFile(file, 'utf8')).toBe(`${JSON.stringify(good)}\n`);
    cache.add(entry('d'.repeat(40), 'm1', '2025-01-02T00:00:00Z'));
    await cache.flush();
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(2);
  });

  it('finds an exact answer by model and prompt, and the newest of any model', async () => {
    const file = path.join(await tempDir(), 'ai-cache.jsonl');
    const hash = 'e'.repeat(40);
    await writeFile(file, [entry(hash, 'old', '2025-01-01T00:00:00Z', 4), entry(hash, 'new', '2025-02-01T00:00:00Z', 8)].map((e) => JSON.stringify(e)).join('\n') + '\n');
    const { cache } = await AiCache.load(file);
    expect(cache.exact(hash, 'openai', 'old', 1)?.score).toBe(4);
    expect(cache.exact(hash, 'openai', 'old', 2)).toBeUndefined();
    expect(cache.exact(hash, 'anthropic', 'old', 1)).toBeUndefined();
    expect(cache.latest(hash)?.model).toBe('new');
  });
});
