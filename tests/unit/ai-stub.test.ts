/**
 * The AI stub speaks what the real SDKs expect: each point is proved with the SDK itself (openai v6,
 * @anthropic-ai/sdk v1) against the stub, for both APIs, plus raw fetches for what an SDK would
 * not send (invalid bodies, unknown paths).
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAiStub, type AiStub, type StubApi } from '../support/ai-stub.js';

interface ClientOptions {
  apiKey?: string;
  maxRetries?: number;
  timeout?: number;
}

interface ApiCase {
  api: StubApi;
  /** Ask one question with the real SDK and return the assistant text. */
  ask(stub: AiStub, opts?: ClientOptions): Promise<string>;
  errors: {
    APIError: abstract new (...args: never[]) => Error;
    AuthenticationError: abstract new (...args: never[]) => Error;
    InternalServerError: abstract new (...args: never[]) => Error;
    APIConnectionError: abstract new (...args: never[]) => Error;
    APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  };
}

const SYSTEM = 'You score commits from 0 to 100.';
const USER = 'Commit 1a2b3c: fix the off-by-one in the weekly window.';

const cases: ApiCase[] = [
  {
    api: 'openai',
    async ask(stub, opts = {}) {
      const client = new OpenAI({ apiKey: 'test-key', baseURL: stub.openaiBaseUrl, ...opts });
      const completion = await client.chat.completions.create({
        model: 'gpt-stub',
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: USER },
        ],
      });
      return completion.choices[0]?.message.content ?? '';
    },
    errors: OpenAI,
  },
  {
    api: 'anthropic',
    async ask(stub, opts = {}) {
      const client = new Anthropic({ apiKey: 'test-key', baseURL: stub.anthropicBaseUrl, ...opts });
      const message = await client.messages.create({
        model: 'claude-stub',
        max_tokens: 200,
        system: SYSTEM,
        messages: [{ role: 'user', content: USER }],
      });
      const block = message.content[0];
      return block?.type === 'text' ? block.text : '';
    },
    errors: Anthropic,
  },
];

/** The rejection of a promise that must reject. */
async function rejection(promise: Promise<unknown>): Promise<Error & { status?: number }> {
  try {
    await promise;
  } catch (err) {
    return err as Error & { status?: number };
  }
  throw new Error('expected a rejection');
}

let stub: AiStub;

beforeEach(async () => {
  stub = await startAiStub();
});

afterEach(async () => {
  await stub.close();
});

describe.each(cases)('$api SDK against the stub', ({ api, ask, errors }) => {
  it('parses a success and records the model and prompt text', async () => {
    const text = await ask(stub);
    expect(JSON.parse(text)).toEqual({ score: 12, reason: 'Stub reason.' });
    expect(stub.requests).toHaveLength(1);
    const req = stub.requests[0]!;
    expect(req).toMatchObject({ api, index: 0, model: api === 'openai' ? 'gpt-stub' : 'claude-stub' });
    expect(req.promptText).toBe(`${SYSTEM}\n${USER}`);
    expect(req.at).toBeGreaterThan(0);
    if (req.api === 'anthropic') {
      expect(req.body.max_tokens).toBe(200);
      expect(req.headers['anthropic-version']).toBeTruthy();
      // @anthropic-ai/sdk 1.x sends the API key as a Bearer token, not as x-api-key.
      expect(req.headers.authorization).toBe('Bearer test-key');
    } else {
      expect(req.body.messages).toHaveLength(2);
    }
  });

  it('returns arbitrary text as the content', async () => {
    stub.setReply(() => ({ kind: 'text', text: 'I think about 40?' }));
    expect(await ask(stub)).toBe('I think about 40?');
  });

  it('rejects a wrong key with AuthenticationError (401)', async () => {
    const err = await rejection(ask(stub, { apiKey: 'wrong-key' }));
    expect(err).toBeInstanceOf(errors.AuthenticationError);
    expect(err.status).toBe(401);
    expect(err.message).not.toContain('wrong-key');
    expect(stub.requests).toHaveLength(0);
  });

  it('has a 429 with retry-after: 1 retried by the SDK after about a second', async () => {
    stub.setReply((req) =>
      req.index === 0
        ? { kind: 'status', status: 429, headers: { 'retry-after': '1' } }
        : { kind: 'answer', score: 70, reason: 'Retried.' },
    );
    const started = Date.now();
    const text = await ask(stub, { maxRetries: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(JSON.parse(text)).toEqual({ score: 70, reason: 'Retried.' });
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]!.at - stub.requests[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it('rejects a 500 with maxRetries 0 with the status and the message', async () => {
    stub.setReply(() => ({ kind: 'status', status: 500, message: 'stub exploded' }));
    const err = await rejection(ask(stub, { maxRetries: 0 }));
    expect(err).toBeInstanceOf(errors.InternalServerError);
    expect(err.status).toBe(500);
    expect(err.message).toContain('stub exploded');
    // The Anthropic SDK puts the whole error body in `message`; the API's own text is `apiMessage`.
    if (api === 'anthropic') expect(err).toMatchObject({ apiMessage: 'stub exploded', type: 'api_error' });
    else expect(err).toMatchObject({ message: '500 stub exploded', type: 'server_error' });
    expect(stub.requests).toHaveLength(1);
  });

  it('times out a hanging request with APIConnectionTimeoutError', async () => {
    stub.setReply(() => ({ kind: 'hang' }));
    const started = Date.now();
    const err = await rejection(ask(stub, { timeout: 300, maxRetries: 0 }));
    expect(err).toBeInstanceOf(errors.APIConnectionTimeoutError);
    // Well before the SDK's own default (10 minutes), however busy the machine: the 300 ms applied.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('rejects a dropped connection with APIConnectionError', async () => {
    stub.setReply(() => ({ kind: 'drop' }));
    const err = await rejection(ask(stub, { maxRetries: 0 }));
    expect(err).toBeInstanceOf(errors.APIConnectionError);
    expect(err).not.toBeInstanceOf(errors.APIConnectionTimeoutError);
  });

  it('counts parallel requests in maxInFlight', async () => {
    stub.setLatency(100);
    const texts = await Promise.all(Array.from({ length: 6 }, () => ask(stub)));
    expect(texts).toHaveLength(6);
    expect(stub.maxInFlight).toBe(6);
    expect(stub.requests.map((r) => r.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('raw requests', () => {
  const anthropicHeaders = { 'content-type': 'application/json', 'x-api-key': 'test-key', 'anthropic-version': '2023-06-01' };
  const openaiHeaders = { 'content-type': 'application/json', authorization: 'Bearer test-key' };

  async function post(path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: unknown }> {
    const res = await fetch(`${stub.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, json: await res.json() };
  }

  it('answers an Anthropic request without max_tokens with 400 in the Anthropic shape', async () => {
    const res = await post('/v1/messages', anthropicHeaders, { model: 'claude-stub', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } });
    expect(stub.requests).toHaveLength(0);
  });

  it('accepts x-api-key for Anthropic and checks the other Anthropic rules', async () => {
    const ok = { model: 'claude-stub', max_tokens: 10, system: [{ type: 'text', text: 'sys' }], messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
    expect((await post('/v1/messages', anthropicHeaders, ok)).status).toBe(200);
    expect(stub.requests[0]!.promptText).toBe('sys\nhi');

    const { 'anthropic-version': _version, ...noVersion } = anthropicHeaders;
    expect((await post('/v1/messages', noVersion, ok)).status).toBe(400);
    for (const bad of [
      { ...ok, max_tokens: 0 },
      { ...ok, max_tokens: 1.5 },
      { ...ok, messages: [] },
      { ...ok, messages: [{ role: 'robot', content: 'hi' }] },
      { ...ok, messages: [{ role: 'user', content: '' }] },
      { ...ok, system: [{ type: 'image' }] },
      { ...ok, stream: true },
    ]) {
      const res = await post('/v1/messages', anthropicHeaders, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    }
    const wrongKey = await post('/v1/messages', { ...anthropicHeaders, 'x-api-key': 'nope' }, ok);
    expect(wrongKey).toMatchObject({ status: 401, json: { type: 'error', error: { type: 'authentication_error' } } });
  });

  it('answers invalid OpenAI requests with 400 in the OpenAI shape', async () => {
    const ok = { model: 'gpt-stub', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
    expect((await post('/v1/chat/completions', openaiHeaders, ok)).status).toBe(200);
    const empty = await post('/v1/chat/completions', openaiHeaders, { ...ok, messages: [] });
    expect(empty).toMatchObject({ status: 400, json: { error: { type: 'invalid_request_error', param: 'messages', code: null } } });
    for (const bad of [{ messages: ok.messages }, { ...ok, messages: [{ role: 'robot', content: 'x' }] }, { ...ok, messages: [{ role: 'user' }] }, { ...ok, stream: true }]) {
      const res = await post('/v1/chat/completions', openaiHeaders, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json).toMatchObject({ error: { type: 'invalid_request_error' } });
    }
    expect(stub.requests).toHaveLength(1);
  });

  it('answers unknown paths with 404 in the shape of the API asked', async () => {
    expect(await post('/v1/embeddings', openaiHeaders, {})).toMatchObject({
      status: 404,
      json: { error: { message: 'Invalid URL (POST /v1/embeddings)', type: 'invalid_request_error' } },
    });
    expect(await post('/v1/complete', anthropicHeaders, {})).toMatchObject({
      status: 404,
      json: { type: 'error', error: { type: 'not_found_error' } },
    });
  });

  it('maps statuses to Anthropic error types and passes headers through', async () => {
    const expected: Record<number, string> = { 401: 'authentication_error', 404: 'not_found_error', 429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error' };
    for (const [status, type] of Object.entries(expected)) {
      stub.setReply(() => ({ kind: 'status', status: Number(status), headers: { 'retry-after': '7' } }));
      const res = await fetch(`${stub.url}/v1/messages`, {
        method: 'POST',
        headers: anthropicHeaders,
        body: JSON.stringify({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(Number(status));
      expect(res.headers.get('retry-after')).toBe('7');
      expect(await res.json()).toMatchObject({ type: 'error', error: { type } });
    }
  });

  it('closes while a request hangs', async () => {
    stub.setReply(() => ({ kind: 'hang' }));
    const pending = fetch(`${stub.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: openaiHeaders,
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    await expect.poll(() => stub.requests.length).toBe(1);
    await stub.close();
    await expect(pending).rejects.toThrow();
    stub = await startAiStub(); // for afterEach
  });
});
