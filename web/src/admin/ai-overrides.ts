import { MAX_AI_OVERRIDE_NOTE } from '../../../src/shared/ai-overrides.js';
import { MAX_AI_SCORE } from '../../../src/shared/ai-part.js';
import type { Checked } from './contributions.js';

/** The override form as typed. */
export interface AiOverrideDraft {
  commit: string;
  score: string;
  note: string;
}

/** An empty override form. */
export const EMPTY_OVERRIDE_DRAFT: AiOverrideDraft = { commit: '', score: '', note: '' };

/**
 * Validates the override form: a commit hash (4-64 hex digits, as the page shows them), a whole
 * score from 0 to 25, a note. The hash is sent lower-case; the note trimmed.
 */
export function checkOverrideDraft(draft: AiOverrideDraft): Checked<{ commit: string; score: number; note: string }> {
  const commit = draft.commit.trim().toLowerCase();
  if (!commit) return { ok: false, error: 'Commit hash is required' };
  if (!/^[0-9a-f]{4,64}$/.test(commit)) return { ok: false, error: 'Commit hash must be 4 to 64 hex digits (0-9, a-f), as shown on the page' };
  const scoreText = draft.score.trim();
  const score = Number(scoreText);
  if (!/^\d+$/.test(scoreText) || !Number.isInteger(score) || score > MAX_AI_SCORE) {
    return { ok: false, error: `Score must be a whole number from 0 to ${MAX_AI_SCORE}` };
  }
  const note = draft.note.trim();
  if (!note) return { ok: false, error: 'Note is required' };
  if (note.length > MAX_AI_OVERRIDE_NOTE) return { ok: false, error: `Note must be ${MAX_AI_OVERRIDE_NOTE} characters or fewer` };
  return { ok: true, value: { commit, score, note } };
}

/** The short form of a hash shown in the list (as on the page). */
export function shortHash(hash: string): string {
  return hash.slice(0, 8);
}
