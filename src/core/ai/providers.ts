import { withoutUrlCredentials } from '../errors.js';
import type { AiSettings } from './settings.js';

/** One chat call: a system and a user message in, the assistant's text out. */
export interface ChatProvider {
  /** `provider:model`, as commits record it. */
  readonly source: string;
  complete(system: string, user: string): Promise<string>;
}

/** Retries of one request by the SDK (429, 408, 409, 5xx, timeouts and dropped connections), honouring Retry-After. */
export const SDK_MAX_RETRIES = 2;
// Local servers take any key, but both SDKs refuse to start without one.
const NO_KEY = 'no-key-needed';
const MAX_ANSWER_TOKENS = 300;

/**
 * The official SDK client of the configured provider, with its own retry and backoff. The SDK is
 * loaded on the first call: every command importing the refresh would otherwise pay for it.
 */
export function createProvider(settings: AiSettings): ChatProvider {
  let client: Promise<ChatProvider['complete']> | null = null;
  return {
    source: `${settings.provider}:${settings.model}`,
    complete(system, user) {
      client ??= settings.provider === 'anthropic' ? anthropicClient(settings) : openaiClient(settings);
      return client.then((complete) => complete(system, user));
    },
  };
}

function sdkOptions(settings: AiSettings) {
  return { apiKey: settings.apiKey ?? NO_KEY, timeout: settings.timeoutMs, maxRetries: settings.maxRetries ?? SDK_MAX_RETRIES, ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}) };
}

async function anthropicClient(settings: AiSettings): Promise<ChatProvider['complete']> {
  const { default: Anthropic } = await import('@anthropic-ai/sdk');
  const client = new Anthropic(sdkOptions(settings));
  return async (system, user) => {
    const message = await client.messages.create({
      model: settings.model,
      max_tokens: MAX_ANSWER_TOKENS,
      system,
      messages: [{ role: 'user', content: user }],
    });
    return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  };
}

async function openaiClient(settings: AiSettings): Promise<ChatProvider['complete']> {
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI(sdkOptions(settings));
  return async (system, user) => {
    // No temperature or token limit: reasoning models refuse both, and the answer is short.
    const completion = await client.chat.completions.create({
      model: settings.model,
      messages: [{ role: 'system', content: system }, { role: 'user', content: user }],
    });
    return completion.choices[0]?.message.content ?? '';
  };
}

/** How a failed call is reported and whether the provider is worth asking again in this refresh. */
export interface ProviderFailure {
  message: string;
  /** The key is refused, the model or URL does not exist, or the server is unreachable: stop asking. */
  fatal: boolean;
}

const envKeyOf = (source: string) => (source.startsWith('anthropic:') ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY');

/** Describes an SDK error in one line (never with the key) and says whether it is fatal. */
export function describeFailure(err: unknown, source: string, baseUrl: string | undefined, apiKey: string | undefined): ProviderFailure {
  const failure = classify(err, source, baseUrl);
  return { ...failure, message: redact(failure.message, apiKey) };
}

// Some APIs echo part of a refused key in their message: neither it nor anything key-like is
// repeated, nor a user and password in --ai-base-url (the status file goes on a published site).
function redact(text: string, apiKey: string | undefined): string {
  const plain = apiKey && apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text;
  return withoutUrlCredentials(plain.replace(/\b(sk|pk|key)-[A-Za-z0-9_*.-]{6,}/g, '[redacted]'));
}

function classify(err: unknown, source: string, baseUrl: string | undefined): ProviderFailure {
  // Both SDKs name their errors alike; by name, so that neither SDK must be loaded to tell.
  const names = errorClassNames(err);
  const timeout = names.has('APIConnectionTimeoutError');
  const connection = names.has('APIConnectionError');
  if (timeout) return { message: `${source} did not answer in time`, fatal: false };
  if (connection) {
    return { message: `${source} is unreachable${baseUrl ? ` at ${baseUrl}` : ''} (${rootCause(err)})`, fatal: true };
  }
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number') {
    const detail = apiMessage(err);
    if (status === 401 || status === 403) return { message: `${source} refused the API key (${status}${detail}); check ${envKeyOf(source)}`, fatal: true };
    if (status === 404) return { message: `${source} was not found (404${detail}); check the model name and --ai-base-url`, fatal: true };
    // One commit's request (its diff too long for a local server's context): that commit falls
    // back; the step stops only after failures in a row, as for a request that is always wrong.
    if (status === 400 || status === 422) return { message: `${source} refused the request (${status}${detail})`, fatal: false };
    return { message: `${source} failed (${status}${detail})`, fatal: false };
  }
  return { message: `${source} failed: ${err instanceof Error ? err.message : String(err)}`, fatal: false };
}

// fetch wraps the socket's error (ECONNREFUSED, ENOTFOUND...) in causes: the innermost code says most.
function rootCause(err: unknown): string {
  let found = 'connection failed';
  for (let e: unknown = (err as { cause?: unknown }).cause, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') found = code;
    else if (typeof message === 'string' && found === 'connection failed') found = message;
  }
  return found;
}

function errorClassNames(err: unknown): Set<string> {
  const names = new Set<string>();
  for (let proto = err !== null && typeof err === 'object' ? Object.getPrototypeOf(err) : null; proto; proto = Object.getPrototypeOf(proto)) {
    names.add((proto as { constructor: { name: string } }).constructor.name);
  }
  return names;
}

// The API's own message: OpenAI's SDK puts it in `error.message`, Anthropic's in `error.error.message`
// (its `message` is the whole JSON body); else the SDK's message without its "401 " prefix.
function apiMessage(err: unknown): string {
  const body = (err as { error?: { message?: unknown; error?: { message?: unknown } } }).error;
  const fromBody = typeof body?.error?.message === 'string' ? body.error.message : typeof body?.message === 'string' ? body.message : null;
  const text = fromBody ?? (err instanceof Error ? err.message.replace(/^\d{3}\s*/, '') : '');
  // OpenAI's SDK says "status code (no body)" of any body without its `error` object (a local
  // server's `{"detail": "Not Found"}`), which it drops: nothing is known, not that there was none.
  if (fromBody === null && /^status code \(no body\)$/.test(text.trim())) return '';
  return text.trim() ? `: ${text.trim().slice(0, 200)}` : '';
}
