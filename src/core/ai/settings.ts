import type { LeaderboardConfig } from '../config.js';
import { LeaderboardError } from '../errors.js';
import { LOOPBACK_NAMES } from '../loopback.js';

export type AiProviderName = 'openai' | 'anthropic';

/** A configured AI provider: what the scorer needs to call it. */
export interface AiSettings {
  provider: AiProviderName;
  model: string;
  /** Absent: the provider's own API. */
  baseUrl?: string;
  /** Absent only for a local server (a base URL and no key). */
  apiKey?: string;
  concurrency: number;
  timeoutMs: number;
  /** Retries of one request by the SDK; default 2 (tests use 0 to fail fast). */
  maxRetries?: number;
}

/** The `--ai*` flags of `refresh` and `serve`. */
export interface AiFlags {
  ai?: string;
  aiModel?: string;
  aiBaseUrl?: string;
  aiConcurrency?: number;
}

export const DEFAULT_MODELS: Record<AiProviderName, string> = { openai: 'gpt-4.1-mini', anthropic: 'claude-haiku-4-5' };
const KEY_VARS: Record<AiProviderName, string> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY' };
const BASE_URL_VARS: Record<AiProviderName, string> = { openai: 'OPENAI_BASE_URL', anthropic: 'ANTHROPIC_BASE_URL' };

/**
 * The AI provider from flags, environment and `leaderboard.config.json` (in that order of
 * precedence), or null for the local estimate. The key comes from the environment only.
 */
export function resolveAiSettings(config: LeaderboardConfig, flags: AiFlags, env: NodeJS.ProcessEnv = process.env, requireKey = true): AiSettings | null {
  const name = (flags.ai ?? config.ai.provider).trim().toLowerCase();
  if (name === 'none') {
    // Said, not ignored: `--ai-base-url ftp://x` went unchecked, and `--ai-model` unused, without a word.
    const given = ([['--ai-model', flags.aiModel], ['--ai-base-url', flags.aiBaseUrl], ['--ai-concurrency', flags.aiConcurrency]] as const).filter(([, v]) => v !== undefined).map(([flag]) => flag);
    if (given.length > 0) {
      throw new LeaderboardError('INVALID_INPUT', `${given.join(' and ')} ${given.length === 1 ? 'needs' : 'need'} an AI provider, and the AI part is the local estimate (${flags.ai !== undefined ? '--ai none' : 'ai.provider of leaderboard.config.json is none, its default'}).`,
        `Add --ai openai (OpenAI and compatible servers) or --ai anthropic, or set ai.provider in leaderboard.config.json; or leave ${given.length === 1 ? 'it' : 'them'} out.`);
    }
    return null;
  }
  if (name !== 'openai' && name !== 'anthropic') {
    throw new LeaderboardError('INVALID_INPUT', `--ai must be openai, anthropic or none, got "${flags.ai ?? config.ai.provider}".`, 'Use --ai openai for OpenAI and OpenAI-compatible servers (Ollama, vLLM, LM Studio, llama.cpp), --ai anthropic for Claude.');
  }
  // The config's model and server are its provider's: --ai naming the other one (anthropic over a
  // config of openai) sent it gpt-4o, at the OpenAI server, and every commit fell back.
  const configured = config.ai.provider.trim().toLowerCase();
  const ofConfig = configured === name || (configured !== 'openai' && configured !== 'anthropic');
  const baseUrl = flags.aiBaseUrl ?? (env[BASE_URL_VARS[name]] || undefined) ?? (ofConfig ? config.ai.baseUrl : undefined);
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/i.test(baseUrl)) {
    throw new LeaderboardError('INVALID_INPUT', `The AI base URL must be an http(s) URL, got "${baseUrl}".`, 'For example --ai-base-url http://localhost:11434/v1 for Ollama.');
  }
  // fetch refuses a URL with credentials: every commit fell back, "unreachable", naming the URL.
  if (baseUrl !== undefined && URL.canParse(baseUrl) && (new URL(baseUrl).username || new URL(baseUrl).password)) {
    throw new LeaderboardError('INVALID_INPUT', 'The AI base URL holds a user name or password, which requests cannot carry.', `Give the URL without them, and the key in ${KEY_VARS[name]}.`);
  }
  // An empty model was sent as "" and its answers, cached under it, dropped as unreadable at the next load.
  if (flags.aiModel !== undefined && flags.aiModel.trim() === '') {
    throw new LeaderboardError('INVALID_INPUT', '--ai-model is empty.', `Give a model name, e.g. --ai-model ${DEFAULT_MODELS[name]}, or leave the flag out for the config's model (default ${DEFAULT_MODELS[name]}).`);
  }
  const apiKey = env[KEY_VARS[name]] || undefined;
  // The config file is the repository's: one cloned from anyone. Its base URL alone must not get
  // the key of the shell that refreshes it (with every diff), unless it is the provider's own API
  // or this machine; the user names any other server for the key themselves.
  const fromConfig = flags.aiBaseUrl === undefined && !env[BASE_URL_VARS[name]] && baseUrl !== undefined;
  if (fromConfig && apiKey && !keyMayGo(baseUrl)) {
    throw new LeaderboardError('INVALID_CONFIG', `leaderboard.config.json sends the AI requests to ${redactQuery(baseUrl)}, which would get your ${KEY_VARS[name]} and every diff scored.`,
      `If you trust that server, name it yourself: --ai-base-url ${redactQuery(baseUrl)} (or ${BASE_URL_VARS[name]} in the environment). Otherwise use --ai none, or unset ${KEY_VARS[name]} for a server that needs no key.`);
  }
  if (!apiKey && baseUrl === undefined && requireKey) {
    throw new LeaderboardError('INVALID_CONFIG', `--ai ${name} needs an API key: ${KEY_VARS[name]} is not set.`, `Set ${KEY_VARS[name]} in the environment (never in the config file), point --ai-base-url at a local server that needs no key, or use --ai none for the local estimate.`);
  }
  return {
    provider: name,
    model: flags.aiModel?.trim() ?? (ofConfig ? config.ai.model : undefined) ?? DEFAULT_MODELS[name],
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(apiKey === undefined ? {} : { apiKey }),
    concurrency: flags.aiConcurrency ?? config.ai.concurrency,
    timeoutMs: config.ai.timeoutSeconds * 1000,
  };
}

/** The providers' own APIs (over https) and this machine: where a key may go on the config's word alone. */
function keyMayGo(baseUrl: string): boolean {
  if (!URL.canParse(baseUrl)) return false;
  const { hostname, protocol } = new URL(baseUrl);
  const host = hostname.toLowerCase();
  return LOOPBACK_NAMES.includes(host) || (protocol === 'https:' && (host === 'api.openai.com' || host === 'api.anthropic.com'));
}

/** The URL without its query (which may hold a key of its own). */
function redactQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}
