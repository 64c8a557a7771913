/**
 * A local stub of the two LLM APIs the AI scoring talks to, on 127.0.0.1 and a free port:
 * OpenAI chat completions (`POST /v1/chat/completions`) and Anthropic messages (`POST /v1/messages`).
 * Point the real SDKs at it (`new OpenAI({ baseURL: stub.openaiBaseUrl })`,
 * `new Anthropic({ baseURL: stub.anthropicBaseUrl })`). It checks the API key and validates each
 * request the way the real API would (400 in the API's own error shape), records every valid
 * request, and lets a test decide each reply: an answer, arbitrary text, an error status, a hang
 * or a dropped connection. Response bodies are typed with the SDKs' own types, so a drift in
 * either SDK's expectations is a compile error here.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type OpenAI from 'openai';
import type Anthropic from '@anthropic-ai/sdk';

export type StubApi = 'openai' | 'anthropic';

type OpenAIParams = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
type AnthropicParams = Anthropic.Messages.MessageCreateParamsNonStreaming;

interface StubRequestBase {
  /** 0-based, across all recorded requests of both APIs. */
  index: number;
  /** The request headers, names lower-cased. */
  headers: Record<string, string | undefined>;
  model: string;
  /** All prompt text: the system prompt and every message's text content, joined with newlines. */
  promptText: string;
  /** `Date.now()` when the request was received. */
  at: number;
}

/**
 * A request that passed the key check and validation (rejected ones are not recorded). Narrow on
 * `api` to read `body` with the SDK's request type.
 */
export type StubRequest =
  | (StubRequestBase & { api: 'openai'; body: OpenAIParams })
  | (StubRequestBase & { api: 'anthropic'; body: AnthropicParams });

export type StubReply =
  /** A well-formed answer whose content is `JSON.stringify({ score, reason })`. */
  | { kind: 'answer'; score: number; reason: string }
  /** Arbitrary assistant text (malformed answers). */
  | { kind: 'text'; text: string }
  /** An error status in the API's error shape; `headers` (e.g. `retry-after`) are sent as given. */
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  /** Never answers (the client must time out); the socket is destroyed when the stub closes. */
  | { kind: 'hang' }
  /** Destroys the socket without a response. */
  | { kind: 'drop' };

export interface AiStubOptions {
  /**
   * API key the stub accepts; a wrong or missing one gets 401 in the API's shape. OpenAI sends it
   * as `Authorization: Bearer`; for Anthropic both `x-api-key` and `Authorization: Bearer` are
   * accepted (the installed @anthropic-ai/sdk 1.x sends the key as a Bearer token). Default 'test-key'.
   */
  apiKey?: string;
  /** Artificial latency before each reply decided by `reply`, ms. Default 0. */
  latencyMs?: number;
  /** Decides each reply. Default: an answer with score 12 and reason 'Stub reason.' */
  reply?: (req: StubRequest) => StubReply | Promise<StubReply>;
}

export interface AiStub {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `${url}/v1`, the OpenAI SDK's `baseURL`. */
  openaiBaseUrl: string;
  /** `${url}`, the Anthropic SDK's `baseURL`. */
  anthropicBaseUrl: string;
  /** Every valid request, in arrival order. */
  requests: StubRequest[];
  /** Most requests in flight at once so far (any path, valid or not). */
  readonly maxInFlight: number;
  setReply(fn: AiStubOptions['reply']): void;
  setLatency(ms: number): void;
  /** Destroys open (e.g. hanging) connections and stops the server. */
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** The outcome of validating a request body: typed params, or the message of a 400. */
type Validation<T> = { ok: true; params: T; promptText: string } | { ok: false; message: string; param?: string };

const DEFAULT_REPLY: NonNullable<AiStubOptions['reply']> = () => ({ kind: 'answer', score: 12, reason: 'Stub reason.' });

/** Start the stub on 127.0.0.1 and a free port. */
export async function startAiStub(opts: AiStubOptions = {}): Promise<AiStub> {
  const apiKey = opts.apiKey ?? 'test-key';
  let latencyMs = opts.latencyMs ?? 0;
  let reply = opts.reply ?? DEFAULT_REPLY;
  const requests: StubRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let closing = false;

  const server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent || res.destroyed) return;
      const api: StubApi = req.url?.startsWith('/v1/messages') ? 'anthropic' : 'openai';
      sendError(res, api, 500, `AI stub failure: ${err instanceof Error ? err.message : String(err)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = Date.now();
    const raw = await readBody(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const headers = lowerHeaders(req);

    let api: StubApi;
    if (req.method === 'POST' && path === '/v1/chat/completions') api = 'openai';
    else if (req.method === 'POST' && path === '/v1/messages') api = 'anthropic';
    else {
      const guess: StubApi = headers['anthropic-version'] !== undefined || path.startsWith('/v1/messages') ? 'anthropic' : 'openai';
      sendError(res, guess, 404, guess === 'openai' ? `Invalid URL (${req.method ?? 'GET'} ${path})` : 'Not Found');
      return;
    }

    const authError = checkKey(api, headers, apiKey);
    if (authError) {
      sendError(res, api, 401, authError, undefined, api === 'openai' && headers.authorization ? 'invalid_api_key' : null);
      return;
    }
    if (api === 'anthropic' && !headers['anthropic-version']) {
      sendError(res, api, 400, 'anthropic-version: header is required');
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      const message =
        api === 'openai'
          ? 'We could not parse the JSON body of your request. (HINT: This likely means you aren\'t using your HTTP library correctly.)'
          : 'There was an error parsing the body of your request';
      sendError(res, api, 400, message);
      return;
    }

    const base = { index: requests.length, headers, at };
    let recorded: StubRequest;
    if (api === 'openai') {
      const v = validateOpenAI(body);
      if (!v.ok) {
        sendError(res, api, 400, v.message, v.param);
        return;
      }
      recorded = { ...base, api, body: v.params, model: v.params.model, promptText: v.promptText };
    } else {
      const v = validateAnthropic(body);
      if (!v.ok) {
        sendError(res, api, 400, v.message);
        return;
      }
      recorded = { ...base, api, body: v.params, model: v.params.model, promptText: v.promptText };
    }
    requests.push(recorded);

    const decided = await reply(recorded);
    if (latencyMs > 0 && decided.kind !== 'hang') await sleep(latencyMs);
    if (closing || res.destroyed) return;

    switch (decided.kind) {
      case 'hang':
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'status':
        sendError(res, api, decided.status, decided.message ?? defaultMessage(api, decided.status), undefined, undefined, decided.headers);
        return;
      case 'answer':
      case 'text': {
        const text = decided.kind === 'answer' ? JSON.stringify({ score: decided.score, reason: decided.reason }) : decided.text;
        const payload = api === 'openai' ? openaiCompletion(recorded, text) : anthropicMessage(recorded, text);
        sendJson(res, 200, payload, requestIdHeaders(api, recorded.index));
        return;
      }
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    setReply(fn) {
      reply = fn ?? DEFAULT_REPLY;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    close() {
      closing = true;
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Validation (what the real APIs answer 400 for, as far as our client can get it wrong)

const OPENAI_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

function validateOpenAI(body: unknown): Validation<OpenAIParams> {
  if (!isObject(body)) return { ok: false, message: 'Invalid body: expected a JSON object.' };
  const { model, messages, stream } = body;
  if (typeof model !== 'string' || model === '') {
    return { ok: false, message: 'you must provide a model parameter', param: 'model' };
  }
  if (stream === true) return { ok: false, message: 'This stub does not stream; send stream: false.', param: 'stream' };
  if (!Array.isArray(messages)) return { ok: false, message: "Missing required parameter: 'messages'.", param: 'messages' };
  if (messages.length === 0) {
    return {
      ok: false,
      message: "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      param: 'messages',
    };
  }
  const texts: string[] = [];
  for (const [i, m] of messages.entries()) {
    const at = `messages[${i}]`;
    if (!isObject(m)) return { ok: false, message: `Invalid type for '${at}': expected an object.`, param: at };
    if (typeof m.role !== 'string' || !OPENAI_ROLES.has(m.role)) {
      return {
        ok: false,
        message: `Invalid value: '${String(m.role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        param: `${at}.role`,
      };
    }
    const content = m.content;
    if (content === undefined || (content === null && m.role !== 'assistant')) {
      return { ok: false, message: `Missing required parameter: '${at}.content'.`, param: `${at}.content` };
    }
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content)) {
      for (const [j, part] of content.entries()) {
        if (!isObject(part) || typeof part.type !== 'string') {
          return { ok: false, message: `Missing required parameter: '${at}.content[${j}].type'.`, param: `${at}.content[${j}].type` };
        }
        if (part.type === 'text') {
          if (typeof part.text !== 'string') {
            return { ok: false, message: `Missing required parameter: '${at}.content[${j}].text'.`, param: `${at}.content[${j}].text` };
          }
          texts.push(part.text);
        }
      }
    } else if (content !== null) {
      return { ok: false, message: `Invalid type for '${at}.content': expected one of a string or array of objects.`, param: `${at}.content` };
    }
  }
  // Checked above, element by element; the casts only name what was checked.
  const params: OpenAIParams = {
    ...body,
    model,
    messages: messages as OpenAIParams['messages'],
    stream: stream as false | null | undefined,
  };
  if (stream === undefined) delete params.stream;
  return { ok: true, params, promptText: texts.join('\n') };
}

// The installed SDK (1.x) also types mid-conversation `role: 'system'` messages (SystemMessageParam).
const ANTHROPIC_ROLES = new Set(['user', 'assistant', 'system']);

function validateAnthropic(body: unknown): Validation<AnthropicParams> {
  if (!isObject(body)) return { ok: false, message: 'body: Input should be a valid dictionary' };
  const { model, max_tokens: maxTokens, messages, system, stream } = body;
  if (model === undefined) return { ok: false, message: 'model: Field required' };
  if (typeof model !== 'string' || model === '') return { ok: false, message: 'model: Input should be a valid string' };
  if (maxTokens === undefined) return { ok: false, message: 'max_tokens: Field required' };
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens)) {
    return { ok: false, message: 'max_tokens: Input should be a valid integer' };
  }
  if (maxTokens < 1) return { ok: false, message: 'max_tokens: Input should be greater than or equal to 1' };
  if (stream === true) return { ok: false, message: 'stream: this stub does not stream; send stream: false' };
  if (messages === undefined) return { ok: false, message: 'messages: Field required' };
  if (!Array.isArray(messages)) return { ok: false, message: 'messages: Input should be a valid list' };
  if (messages.length === 0) return { ok: false, message: 'messages: at least one message is required' };

  const texts: string[] = [];
  if (system !== undefined) {
    if (Array.isArray(system) && !system.every((block) => isObject(block) && block.type === 'text')) {
      return { ok: false, message: 'system: Input should be a valid string or a list of text blocks' };
    }
    const systemTexts = textsOfAnthropicContent(system, 'system');
    if (typeof systemTexts === 'string') return { ok: false, message: systemTexts };
    texts.push(...systemTexts);
  }
  for (const [i, m] of messages.entries()) {
    const at = `messages.${i}`;
    if (!isObject(m)) return { ok: false, message: `${at}: Input should be a valid dictionary` };
    if (typeof m.role !== 'string' || !ANTHROPIC_ROLES.has(m.role)) {
      return { ok: false, message: `${at}.role: Input should be 'user', 'assistant' or 'system'` };
    }
    if (m.content === undefined) return { ok: false, message: `${at}.content: Field required` };
    const contentTexts = textsOfAnthropicContent(m.content, `${at}.content`);
    if (typeof contentTexts === 'string') return { ok: false, message: contentTexts };
    texts.push(...contentTexts);
  }
  // Checked above, element by element; the casts only name what was checked.
  const params: AnthropicParams = {
    ...body,
    model,
    max_tokens: maxTokens,
    messages: messages as AnthropicParams['messages'],
    system: system as AnthropicParams['system'],
    stream: stream as false | undefined,
  };
  if (system === undefined) delete params.system;
  if (stream === undefined) delete params.stream;
  return { ok: true, params, promptText: texts.join('\n') };
}

/** The texts of a string or a list of content blocks, or the message of a 400. */
function textsOfAnthropicContent(content: unknown, at: string): string[] | string {
  if (typeof content === 'string') return content === '' ? `${at}: text content blocks must be non-empty` : [content];
  if (!Array.isArray(content)) return `${at}: Input should be a valid string or a list of content blocks`;
  const texts: string[] = [];
  for (const [j, block] of content.entries()) {
    if (!isObject(block) || typeof block.type !== 'string') return `${at}.${j}.type: Field required`;
    if (block.type === 'text') {
      if (typeof block.text !== 'string') return `${at}.${j}.text: Field required`;
      if (block.text === '') return `${at}.${j}: text content blocks must be non-empty`;
      texts.push(block.text);
    }
  }
  return texts;
}

function checkKey(api: StubApi, headers: Record<string, string | undefined>, apiKey: string): string | undefined {
  const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
  if (api === 'openai') {
    if (!headers.authorization) {
      return "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";
    }
    // Never echo the key back (house rule), unlike the real API's masked echo.
    return bearer === apiKey ? undefined : 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.';
  }
  const given = headers['x-api-key'] ?? bearer;
  if (given === undefined) return 'x-api-key header is required';
  return given === apiKey ? undefined : 'invalid x-api-key';
}

// ---------------------------------------------------------------------------------------------
// Responses

function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function openaiCompletion(req: StubRequest, text: string): OpenAI.Chat.Completions.ChatCompletion {
  const promptTokens = tokens(req.promptText);
  const completionTokens = tokens(text);
  return {
    id: `chatcmpl-stub${req.index}`,
    object: 'chat.completion',
    created: Math.floor(req.at / 1000),
    model: req.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    service_tier: 'default',
    system_fingerprint: 'fp_stub',
  };
}

function anthropicMessage(req: StubRequest, text: string): Anthropic.Messages.Message {
  return {
    id: `msg_stub${req.index}`,
    type: 'message',
    role: 'assistant',
    model: req.model,
    content: [{ type: 'text', text, citations: null }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: {
      input_tokens: tokens(req.promptText),
      output_tokens: Math.max(1, tokens(text)),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      inference_geo: null,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard',
      speed: null,
    },
  };
}

function anthropicErrorType(status: number): Anthropic.ErrorObject['type'] {
  switch (status) {
    case 400:
    case 413:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 402:
      return 'billing_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 429:
      return 'rate_limit_error';
    case 504:
      return 'timeout_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

function openaiErrorType(status: number): string {
  if (status === 429) return 'requests';
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

function defaultMessage(api: StubApi, status: number): string {
  if (api === 'openai') {
    if (status === 429) return 'Rate limit reached for requests. Please try again later.';
    if (status >= 500) return 'The server had an error while processing your request. Sorry about that!';
    return `Request failed with status ${status}.`;
  }
  switch (anthropicErrorType(status)) {
    case 'rate_limit_error':
      return 'Number of requests has exceeded your rate limit. Please try again later.';
    case 'overloaded_error':
      return 'Overloaded';
    case 'authentication_error':
      return 'invalid x-api-key';
    case 'not_found_error':
      return 'Not Found';
    case 'api_error':
      return 'Internal server error';
    default:
      return `Request failed with status ${status}.`;
  }
}

function sendError(
  res: ServerResponse,
  api: StubApi,
  status: number,
  message: string,
  param?: string,
  code?: string | null,
  extraHeaders: Record<string, string> = {},
): void {
  const headers = { ...requestIdHeaders(api, undefined), ...extraHeaders };
  if (api === 'openai') {
    const error: OpenAI.ErrorObject = {
      message,
      type: openaiErrorType(status),
      param: param ?? null,
      code: code ?? (status === 429 ? 'rate_limit_exceeded' : null),
    };
    sendJson(res, status, { error }, headers);
    return;
  }
  // A cast is needed because the union of error objects is keyed by `type`, computed here.
  const error = { type: anthropicErrorType(status), message } as Anthropic.ErrorObject;
  const payload: Anthropic.ErrorResponse = { type: 'error', error, request_id: headers['request-id'] ?? null };
  sendJson(res, status, payload, headers);
}

function requestIdHeaders(api: StubApi, index: number | undefined): Record<string, string> {
  const id = index === undefined ? `err_${randomBytes(6).toString('hex')}` : String(index);
  return api === 'openai' ? { 'x-request-id': `req_stub${id}` } : { 'request-id': `req_stub${id}` };
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lowerHeaders(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
