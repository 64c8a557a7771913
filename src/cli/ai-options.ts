import type { Command } from 'commander';
import type { AiSettings } from '../core/ai/settings.js';
import { withoutUrlCredentials } from '../core/errors.js';
import { parseInteger } from './context.js';

/** The AI provider options shared by `refresh` and `serve`. */
export function addAiOptions(command: Command): Command {
  return command
    .option('--ai <provider>', 'AI part of the score: openai (also OpenAI-compatible servers), anthropic, or none for the local estimate (default: ai.provider of the config, else none)')
    .option('--ai-model <name>', 'model to ask (default: gpt-4.1-mini for openai, claude-haiku-4-5 for anthropic)')
    .option('--ai-base-url <url>', 'API base URL, e.g. http://localhost:11434/v1 for Ollama (default: env OPENAI_BASE_URL / ANTHROPIC_BASE_URL, else the provider\'s)')
    .option('--ai-concurrency <n>', 'AI requests in flight at once (default 4)', parseInteger('--ai-concurrency', 1, 64));
}

/** Says which scorer gives the AI part, for the start of a run. */
export function describeAi(settings: AiSettings | null): string {
  if (!settings) return 'AI part: local estimate (no AI provider configured; see --ai).';
  // A query string may hold a key (`?api-key=...`): left out, as in failures.
  return `AI part: ${settings.provider}:${settings.model}${settings.baseUrl ? ` at ${withoutUrlCredentials(settings.baseUrl)}` : ''}, ${settings.concurrency} request${settings.concurrency === 1 ? '' : 's'} at a time.`;
}
