/** Highest AI part of a commit's score (25 of its 100 points). */
export const MAX_AI_SCORE = 25;

/** `ai_source` of the local estimate, the default when no AI provider is configured. */
export const HEURISTIC_AI_SOURCE = 'heuristic';

/** `ai_source` of a commit whose AI part an admin overrode. */
export const OVERRIDE_AI_SOURCE = 'override';
