import { z } from 'zod';
import { aiOverrideSchema, newestPerCommit, type AiOverride } from '../../shared/ai-overrides.js';
import { OVERRIDE_AI_SOURCE } from '../../shared/ai-part.js';
import { parseJsonText, readTextIfExists, writeJsonAtomic } from '../store/files.js';
import type { ErrorCode } from '../errors.js';
import type { ScoredCommit } from '../types.js';

const overridesFileSchema = z.strictObject({ overrides: z.array(aiOverrideSchema) });

/**
 * Reads ai-overrides.json; an absent file is no overrides, a broken one an error naming it. The
 * file is kept by hand, as manual-contributions.json is: broken, it is the user's input to fix
 * (INVALID_INPUT, the CLI's exit 2, as for that file), unless `code` says otherwise.
 */
export async function readOverrides(file: string, code: ErrorCode = 'INVALID_INPUT'): Promise<AiOverride[]> {
  return parseOverrides(await readTextIfExists(file), file, code);
}

/** The overrides in the text of ai-overrides.json (null or blank: none); `file` names it in errors (see readOverrides). */
export function parseOverrides(text: string | null, file: string, code: ErrorCode = 'INVALID_INPUT'): AiOverride[] {
  if (text === null || text.trim() === '') return [];
  // No backup of this file is kept (manual-contributions.json alone has them): it is meant to be
  // committed, so the committed version is what there is to go back to.
  const restore = `restore the version you committed (git checkout -- ${file}); leaderboard keeps no backup of it`;
  return newestPerCommit(parseJsonText(text, file, overridesFileSchema, code, restore).overrides);
}

/** Writes ai-overrides.json atomically, newest first, indented for people who read it. */
export async function writeOverrides(file: string, overrides: AiOverride[]): Promise<void> {
  const sorted = [...overrides].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.hash.localeCompare(b.hash)));
  await writeJsonAtomic(file, { overrides: sorted }, true);
}

/**
 * Replaces the AI part of overridden commits by the admin's score, keeping what it replaced, and
 * recomputes their totals. Applied when the data file is built, so overrides outlive refreshes
 * and rescoring.
 */
export function applyOverrides(commits: ScoredCommit[], overrides: readonly AiOverride[]): ScoredCommit[] {
  if (overrides.length === 0) return commits;
  const byHash = new Map(overrides.map((o) => [o.hash, o]));
  return commits.map((c) => {
    const o = byHash.get(c.hash);
    if (!o) return c;
    const { loc, files, keyword } = c.scores;
    return {
      ...c,
      scores: {
        loc, files, keyword, ai: o.score, ai_source: OVERRIDE_AI_SOURCE, ai_reason: o.note,
        ai_override: { by: o.by, at: o.at, original: c.scores.ai, original_source: c.scores.ai_source },
      },
      total: loc + files + keyword + o.score,
    };
  });
}
