import { z } from 'zod';
import { MAX_AI_SCORE } from '../scoring.js';
import type { AiScoreInput, FileChange } from '../types.js';
import { classifyPath, type FileKind } from './heuristic.js';

/** Bumped whenever the prompt changes what a model is asked; part of every AI cache key. */
export const PROMPT_VERSION = 1;

/** Characters of diff a prompt carries at most, over all files. */
export const DIFF_BUDGET = 12_000;
/** Characters of one file's diff at most, so one big file cannot crowd out the rest. */
export const PER_FILE_DIFF = 4_000;
const BODY_LIMIT = 2_000;
const FILE_LIST_LIMIT = 60;

export const SYSTEM_PROMPT = `You rate the impact of one git commit on its software project, for a contributor leaderboard.
Score from 0 to ${MAX_AI_SCORE}:
- 0-5: trivial (typo, formatting, version bump, comment, rename with no behaviour change)
- 6-12: small (minor fix, small docs or test addition, small refactor)
- 13-19: meaningful (a real bug fix, a feature of moderate size, a useful refactor with tests)
- 20-${MAX_AI_SCORE}: major (a significant feature, an architectural change, a critical or security fix)
Judge what the change does for the project, not its size: generated, vendored or mechanical bulk changes are worth little; tests and documentation count, less than the code they support.
Answer with JSON only, no other text: {"score": <whole number 0-${MAX_AI_SCORE}>, "reason": "<one sentence saying why>"}`;

/** What the model must answer. */
export const aiAnswerSchema = z.object({
  score: z.number().int().min(0).max(MAX_AI_SCORE),
  reason: z.string().trim().min(1).max(400),
});
export type AiAnswer = z.infer<typeof aiAnswerSchema>;

// Which files' diffs a prompt shows first: the source is what the change is about.
const KIND_ORDER: Record<FileKind, number> = { source: 0, test: 1, other: 2, config: 3, docs: 4 };

/** Counted files in the order their diffs are worth showing: source, tests, other, config, docs; bigger first. */
export function diffPriority(files: readonly FileChange[]): FileChange[] {
  return files
    .filter((f) => !f.binary)
    .map((f) => ({ f, kind: KIND_ORDER[classifyPath(f.path)] }))
    .sort((a, b) => a.kind - b.kind || (b.f.insertions + b.f.deletions) - (a.f.insertions + a.f.deletions) || a.f.path.localeCompare(b.f.path))
    .map((x) => x.f);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}\n[... ${text.length - max} more characters]` : text);

/**
 * The user message for one commit: subject, body, stats, every changed file (excluded ones named
 * as such, never shown) and as much of the counted files' patches as fits the budget, in
 * {@link diffPriority} order. `patches` holds the patches read from git, by path.
 */
export function buildUserPrompt(input: AiScoreInput, patches: ReadonlyMap<string, string>): string {
  const { commit, counted, excluded } = input;
  const ins = counted.reduce((s, f) => s + f.insertions, 0);
  const del = counted.reduce((s, f) => s + f.deletions, 0);
  const lines = [`Subject: ${commit.subject}`];
  if (commit.body.trim()) lines.push('', 'Body:', clip(commit.body.trim(), BODY_LIMIT));
  lines.push('', `Stats: ${counted.length} file(s) changed, +${ins} -${del} lines${excluded.length ? `; ${excluded.length} more file(s) excluded from the counts (lock files, generated, vendored, minified or configured paths)` : ''}.`);
  lines.push('', 'Files:');
  const all = [...counted.map((f) => ({ f, note: `[${classifyPath(f.path)}]` })), ...excluded.map((f) => ({ f, note: '[excluded: content not shown]' }))];
  for (const { f, note } of all.slice(0, FILE_LIST_LIMIT)) {
    const counts = f.binary ? 'binary' : `+${f.insertions} -${f.deletions}`;
    lines.push(`- ${f.oldPath ? `${f.oldPath} -> ` : ''}${f.path} (${counts}) ${note}`);
  }
  if (all.length > FILE_LIST_LIMIT) lines.push(`- ... and ${all.length - FILE_LIST_LIMIT} more file(s)`);

  let budget = DIFF_BUDGET;
  const shown: string[] = [];
  const ordered = diffPriority(counted);
  for (const f of ordered) {
    const patch = patches.get(f.path);
    if (!patch || budget <= 0) continue;
    const part = patch.length > budget ? `${patch.slice(0, budget)}\n[... cut]` : patch;
    budget -= part.length;
    shown.push(`--- ${f.path}\n${part.trimEnd()}`);
  }
  if (shown.length > 0) {
    const partial = shown.length < ordered.length || [...patches.values()].some((p) => p.length >= PER_FILE_DIFF) || budget <= 0;
    lines.push('', `Diff${partial ? ` (partial: ${shown.length} of ${counted.length} file(s), long patches cut)` : ''}:`, ...shown);
  }
  return lines.join('\n');
}

/** Paths whose patches the prompt may show, in priority order (excluded files never). */
export function pathsToRead(input: AiScoreInput): string[] {
  return diffPriority(input.counted).map((f) => f.path);
}

/**
 * Reads a model's answer: JSON, possibly in a code fence or with words around it. Returns the
 * answer, or why it is not one (unparsable, or a score outside 0-25 or not whole).
 */
export function parseAnswer(raw: string): { ok: true; answer: AiAnswer } | { ok: false; problem: string } {
  // Reasoning models (on Ollama, llama.cpp) think aloud first, braces and all: the answer follows.
  const text = raw.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return { ok: false, problem: `the answer is not JSON: ${JSON.stringify(text.slice(0, 80))}` };
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch {
    return { ok: false, problem: `the answer is not valid JSON: ${JSON.stringify(text.slice(start, start + 80))}` };
  }
  const parsed = aiAnswerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `the answer's ${issue?.path.join('.') || 'value'} is wrong (${issue?.message ?? 'invalid'}): ${JSON.stringify(json).slice(0, 80)}` };
  }
  return { ok: true, answer: parsed.data };
}

/** A rough token count (about four characters a token for English and code). */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/**
 * Characters of the prompt for one commit, estimated from its numstat without reading the patch
 * (for `--ai-dry-run`): the text around the diff is exact, the diff is about 40 characters a
 * changed line, within the budgets.
 */
export function estimatePromptChars(input: AiScoreInput): number {
  const frame = SYSTEM_PROMPT.length + buildUserPrompt(input, new Map()).length;
  const diff = diffPriority(input.counted).reduce((sum, f) => sum + Math.min(PER_FILE_DIFF, 80 + 40 * (f.insertions + f.deletions)), 0);
  return frame + Math.min(DIFF_BUDGET, diff);
}
