// What the page says about a commit's AI part, the scorer, a partial AI step, and the admin's
// override form and client calls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkOverrideDraft } from '../../../web/src/admin/ai-overrides.js';
import { AdminApiError, getAiOverrides, removeAiOverride, setAiOverride } from '../../../web/src/admin/api.js';
import { aiLabel, aiNote, aiPartialNote, aiSourceNote } from '../../../web/src/lib/format.js';
import type { Commit } from '../../../src/shared/data-file.js';

const scores = (over: Partial<Commit['scores']> = {}): Commit['scores'] => ({ total: 60, loc: 15, files: 10, keyword: 25, ai: 10, ai_source: 'heuristic', ...over });

describe('the line under a commit\'s breakdown', () => {
  it('says nothing for the local estimate or an older file', () => {
    expect(aiNote(scores())).toBeNull();
    expect(aiNote(scores({ ai_source: undefined }))).toBeNull();
  });

  it("names the model and its reason for a provider's score", () => {
    expect(aiNote(scores({ ai: 18, ai_source: 'openai:gpt-4.1-mini', ai_reason: 'Adds the pull-and-refresh endpoint.' })))
      .toEqual({ kind: 'provider', text: 'AI 18 by openai:gpt-4.1-mini: Adds the pull-and-refresh endpoint.' });
    expect(aiNote(scores({ ai: 7, ai_source: 'anthropic:claude-haiku-4-5' })))
      .toEqual({ kind: 'provider', text: 'AI 7 by anthropic:claude-haiku-4-5' });
  });

  it('says who overrode the score, why, and what it was', () => {
    const note = aiNote(scores({
      ai: 25, ai_source: 'override', ai_reason: 'Unblocked the release',
      ai_override: { by: 'alice', at: '2025-03-04T10:00:00.000Z', original: 12, original_source: 'openai:gpt-4.1-mini' },
    }));
    expect(note).toEqual({ kind: 'override', text: 'AI overridden by alice: Unblocked the release (was 12 from openai:gpt-4.1-mini)' });
  });

  it('says why the local estimate stood in for the provider', () => {
    expect(aiNote(scores({ ai_reason: 'size 6, kind 6', ai_fallback: 'openai:gpt-4.1-mini failed: 401 Incorrect API key' })))
      .toEqual({ kind: 'fallback', text: 'AI: local estimate, openai:gpt-4.1-mini failed: 401 Incorrect API key' });
  });

  it("keeps today's label for the local estimate and a plain one otherwise", () => {
    expect(aiLabel('heuristic')).toBe('AI (heuristic)');
    expect(aiLabel('openai:gpt-4.1-mini')).toBe('AI');
    expect(aiLabel('override')).toBe('AI');
    expect(aiLabel(undefined)).toBe('AI');
  });
});

describe('which scorer produced the AI part (footer)', () => {
  it('reads metadata.scoring.ai', () => {
    expect(aiSourceNote({ scoring: { ai: 'heuristic' } })).toBe('AI part: local estimate (no AI provider configured)');
    expect(aiSourceNote({ scoring: { ai: 'openai:gpt-4.1-mini' } })).toBe('AI part: scored by openai:gpt-4.1-mini');
  });

  it('says nothing when the file does not say', () => {
    expect(aiSourceNote({})).toBeNull();
    expect(aiSourceNote({ scoring: 'x' })).toBeNull();
    expect(aiSourceNote({ scoring: { ai: 3 } })).toBeNull();
  });
});

describe('a partial AI step (refresh status)', () => {
  const step = { source: 'openai:gpt-4.1-mini', sent: 30, cached: 0, failed: 12, partial: true, error: 'openai:gpt-4.1-mini failed: 429 Rate limit' };

  it('counts the commits that kept the local estimate and says why', () => {
    expect(aiPartialNote(step)?.text).toBe('AI scoring partial: 12 commits used the local estimate (openai:gpt-4.1-mini failed: 429 Rate limit)');
    expect(aiPartialNote({ ...step, failed: 1, error: undefined })?.text).toBe('AI scoring partial: 1 commit used the local estimate');
  });

  it('shortens a long error, keeping all of it on hover', () => {
    const error = `openai:gpt-4.1-mini failed: ${'x'.repeat(300)}`;
    const note = aiPartialNote({ ...step, error })!;
    expect(note.text.length).toBeLessThan(200);
    expect(note.text.endsWith('…)')).toBe(true);
    expect(note.title).toContain(error);
  });

  it('says nothing when the step finished or there was none', () => {
    expect(aiPartialNote({ ...step, failed: 0, partial: false })).toBeNull();
    expect(aiPartialNote(undefined)).toBeNull();
  });
});

describe('the override form', () => {
  const draft = { commit: ' 1A2B3C4D ', score: '18', note: ' Generated code ' };

  it('gives the commit lower-case, the score as a number and the note trimmed', () => {
    expect(checkOverrideDraft(draft)).toEqual({ ok: true, value: { commit: '1a2b3c4d', score: 18, note: 'Generated code' } });
    expect(checkOverrideDraft({ ...draft, score: '0' })).toMatchObject({ ok: true, value: { score: 0 } });
    expect(checkOverrideDraft({ ...draft, score: '25' })).toMatchObject({ ok: true, value: { score: 25 } });
  });

  it.each([
    [{ commit: '  ' }, 'Commit hash is required'],
    [{ commit: 'xyz1' }, 'Commit hash must be 4 to 64 hex digits (0-9, a-f), as shown on the page'],
    [{ commit: 'abc' }, 'Commit hash must be 4 to 64 hex digits (0-9, a-f), as shown on the page'],
    [{ score: '' }, 'Score must be a whole number from 0 to 25'],
    [{ score: '26' }, 'Score must be a whole number from 0 to 25'],
    [{ score: '-1' }, 'Score must be a whole number from 0 to 25'],
    [{ score: '2.5' }, 'Score must be a whole number from 0 to 25'],
    [{ score: 'ten' }, 'Score must be a whole number from 0 to 25'],
    [{ note: '   ' }, 'Note is required'],
    [{ note: 'n'.repeat(501) }, 'Note must be 500 characters or fewer'],
  ])('refuses %o: %s', (patch, message) => {
    expect(checkOverrideDraft({ ...draft, ...patch })).toEqual({ ok: false, error: message });
  });
});

describe('override calls of the admin client', () => {
  afterEach(() => vi.unstubAllGlobals());
  const override = { hash: 'a'.repeat(40), score: 3, note: 'n', by: 'alice', at: '2025-03-04T10:00:00.000Z' };

  it('reads, sets and removes overrides with the token, as JSON', async () => {
    const seen: { url: string; method: string; type: string | null; auth: string | null; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      seen.push({ url, method: init.method ?? 'GET', type: headers.get('Content-Type'), auth: headers.get('Authorization'), body: init.body ? JSON.parse(String(init.body)) : null });
      const body = init.method === 'PUT' ? { message: 'set', override } : init.method === 'DELETE' ? { message: 'removed' } : { overrides: [override] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    await expect(getAiOverrides('t')).resolves.toEqual({ overrides: [override] });
    await expect(setAiOverride('t', 'abcd1234', { score: 3, note: 'n' })).resolves.toEqual({ message: 'set', override });
    await expect(removeAiOverride('t', 'abcd1234')).resolves.toEqual({ message: 'removed' });
    expect(seen).toEqual([
      { url: './api/ai-overrides', method: 'GET', type: null, auth: 'Bearer t', body: null },
      { url: './api/ai-overrides/abcd1234', method: 'PUT', type: 'application/json', auth: 'Bearer t', body: { score: 3, note: 'n' } },
      { url: './api/ai-overrides/abcd1234', method: 'DELETE', type: 'application/json', auth: 'Bearer t', body: null },
    ]);
  });

  it("turns the server's error envelope into the message", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No commit deadbeef in /r.' } }), { status: 404 }));
    const err = await setAiOverride('t', 'deadbeef', { score: 1, note: 'n' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ message: 'No commit deadbeef in /r.', status: 404, code: 'NOT_FOUND' });
  });
});
