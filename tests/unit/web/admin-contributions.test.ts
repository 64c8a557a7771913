import { describe, expect, it } from 'vitest';
import { contributorsMapSchema } from '../../../src/shared/manual-contributions.js';
import {
  addContribution, addContributor, applyEdits, checkContribution, checkEdits, checkNewContributor, deleteContribution,
  deleteContributor, describeDates, editsOf, editsTyped, EMPTY_DRAFT, parseScore, rebaseEdits, rebaseNote, replaceContributor, searchContributors,
  totalScore, type ContributorsMap,
} from '../../../web/src/admin/contributions.js';

const map = (): ContributorsMap => ({
  'Ada Lovelace': {
    email: 'ada@example.com',
    team: 'kept as it is',
    contributions: [
      { score: 30, notes: 'Talk', start_date: '2025-09-01', end_date: '2025-09-30' },
      { score: 15, notes: 'Mentorship', start_date: null, end_date: null },
    ],
  },
  'Kobe Chen': { contributions: [{ score: 100, notes: '', start_date: null, end_date: null }] },
});

const draft = (over: Partial<typeof EMPTY_DRAFT> = {}) => ({ ...EMPTY_DRAFT, ...over });
const newDraft = (over: Partial<Parameters<typeof checkNewContributor>[1]> = {}) => ({ ...EMPTY_DRAFT, name: 'Grace', email: '', score: '10', ...over });

describe('parseScore', () => {
  it('parses integers, drops a fraction and reads anything else as 0', () => {
    expect(parseScore('12')).toBe(12);
    expect(parseScore(' 12.9 ')).toBe(12);
    expect(parseScore('')).toBe(0);
    expect(parseScore('abc')).toBe(0);
    expect(parseScore('-3')).toBe(-3);
  });
});

describe('checkContribution (add-contribution form)', () => {
  it("says 'Score must be greater than 0' for an empty, zero or negative score", () => {
    for (const score of ['', '0', '-5', 'x']) {
      expect(checkContribution(draft({ score }))).toEqual({ ok: false, error: 'Score must be greater than 0' });
    }
  });

  it('reads a score as the number input gives it: 1e3 is 1000 and 1.5e1 is 15, not 1', () => {
    expect(checkContribution(draft({ score: '1e3' }))).toMatchObject({ ok: true, value: { score: 1000 } });
    expect(checkContribution(draft({ score: '1.5e1' }))).toMatchObject({ ok: true, value: { score: 15 } });
    expect(parseScore('1e3')).toBe(1000);
  });

  it('refuses a decimal score rather than cutting it to a whole number', () => {
    for (const score of ['2.5', ' 0.5 ', '-1.5']) {
      expect(checkContribution(draft({ score }))).toEqual({ ok: false, error: 'Score must be a whole number' });
    }
    expect(checkContribution(draft({ score: '3.0' }))).toMatchObject({ ok: true, value: { score: 3 } });
  });

  it('builds the contribution with trimmed notes and open dates as null', () => {
    expect(checkContribution(draft({ score: '7', notes: '  Blog post ' }))).toEqual({
      ok: true, value: { score: 7, notes: 'Blog post', start_date: null, end_date: null },
    });
    const dated = checkContribution(draft({ score: '7', start: '2025-01-01', end: '2025-01-31' }));
    expect(dated.ok && dated.value).toMatchObject({ start_date: '2025-01-01', end_date: '2025-01-31' });
  });

  it('refuses an end date before the start date and a score above the maximum', () => {
    expect(checkContribution(draft({ score: '7', start: '2025-02-01', end: '2025-01-31' })).ok).toBe(false);
    expect(checkContribution(draft({ score: '100001' }))).toEqual({ ok: false, error: 'Score must be at most 100000' });
  });
});

describe('checkNewContributor', () => {
  it('gives the spec messages in order: name, score, duplicate', () => {
    expect(checkNewContributor(map(), newDraft({ name: '  ' }))).toEqual({ ok: false, error: 'Contributor name is required' });
    expect(checkNewContributor(map(), newDraft({ score: '0' }))).toEqual({ ok: false, error: 'Initial contribution score must be greater than 0' });
    expect(checkNewContributor(map(), newDraft({ score: '2.5' }))).toEqual({ ok: false, error: 'Initial contribution score must be a whole number' });
    expect(checkNewContributor(map(), newDraft({ name: 'Ada Lovelace' }))).toEqual({
      ok: false, error: 'Contributor "Ada Lovelace" already exists. Use the "Add Contribution" button instead.',
    });
  });

  it('finds an existing contributor whatever the case and spacing', () => {
    const checked = checkNewContributor(map(), newDraft({ name: ' kobe chen ' }));
    expect(checked).toEqual({ ok: false, error: 'Contributor "Kobe Chen" already exists. Use the "Add Contribution" button instead.' });
  });

  it('takes a name on the board as written there, and refuses it in another case or with other accents (a second person)', () => {
    const board = ['Eve', 'José Núñez'];
    expect(checkNewContributor(map(), newDraft({ name: 'Eve' }), board)).toMatchObject({ ok: true, value: { name: 'Eve' } });
    expect(checkNewContributor(map(), newDraft({ name: 'eve' }), board)).toEqual({ ok: false, error: 'Contributor "Eve" is on the board: "eve" would be a second person. Enter the name as "Eve" to add to theirs.' });
    expect(checkNewContributor(map(), newDraft({ name: 'Jose Nunez' }), board)).toMatchObject({ ok: false, error: expect.stringContaining('"José Núñez" is on the board') as unknown });
    // The board's spelling in decomposed Unicode (as macOS writes it) is the same name.
    expect(checkNewContributor(map(), newDraft({ name: 'José Núñez'.normalize('NFD') }), board)).toMatchObject({ ok: true, value: { name: 'José Núñez' } });
    // Someone new whose name is near a board name's: a new person.
    expect(checkNewContributor(map(), newDraft({ name: 'Evan' }), board)).toMatchObject({ ok: true });
  });

  it('keeps a no-break space in a name (git keeps it), and drops plain spaces around it', () => {
    expect(checkNewContributor(map(), newDraft({ name: ' Bob\u00A0 ' }))).toMatchObject({ ok: true, value: { name: 'Bob\u00A0' } });
    // Beside "Bob" on the board, the same name with a stray no-break space (pasted from a web page) is a second person.
    expect(checkNewContributor(map(), newDraft({ name: 'Bob\u00A0' }), ['Bob'])).toMatchObject({ ok: false, error: expect.stringContaining('Contributor "Bob" is on the board') as unknown });
  });

  it('refuses the reserved name __proto__', () => {
    const checked = checkNewContributor(map(), newDraft({ name: '__proto__' }));
    expect(checked.ok).toBe(false);
  });

  it('makes a record with the first contribution; email and dates are optional', () => {
    expect(checkNewContributor(map(), newDraft({ name: ' Grace Hopper ', notes: 'Paper' }))).toEqual({
      ok: true,
      value: { name: 'Grace Hopper', record: { contributions: [{ score: 10, notes: 'Paper', start_date: null, end_date: null }] } },
    });
    const withEmail = checkNewContributor(map(), newDraft({ email: ' g@example.com ', start: '2025-10-01' }));
    expect(withEmail.ok && withEmail.value.record).toEqual({
      email: 'g@example.com', contributions: [{ score: 10, notes: '', start_date: '2025-10-01', end_date: null }],
    });
  });
});

describe('map edits', () => {
  it('adds a contributor and a contribution without touching the original map', () => {
    const before = map();
    const added = addContribution(addContributor(before, 'Grace', { contributions: [] }), 'Grace', { score: 5, notes: '', start_date: null, end_date: null });
    expect(added['Grace']?.contributions).toHaveLength(1);
    expect(before['Grace']).toBeUndefined();
    expect(addContribution(before, 'Nobody', { score: 5, notes: '', start_date: null, end_date: null })).toBe(before);
  });

  it('applies an inline edit: integer scores (empty is 0), trimmed notes, dates and other fields kept', () => {
    const ada = map()['Ada Lovelace']!;
    const [talk, mentorship] = editsOf(ada);
    const edited = applyEdits(ada, 'Ada Lovelace', [{ ...talk!, score: '42.7', notes: ' New talk ' }, { ...mentorship!, score: '' }]);
    expect(edited.ok && edited.value).toEqual({
      email: 'ada@example.com',
      team: 'kept as it is',
      contributions: [
        { score: 42, notes: 'New talk', start_date: '2025-09-01', end_date: '2025-09-30' },
        { score: 0, notes: 'Mentorship', start_date: null, end_date: null },
      ],
    });
  });

  it('starts the edit form from the current scores and notes, each tied to its contribution', () => {
    const ada = map()['Ada Lovelace']!;
    expect(editsOf(ada)).toEqual([{ original: ada.contributions[0], score: '30', notes: 'Talk' }, { original: ada.contributions[1], score: '15', notes: 'Mentorship' }]);
    expect(editsOf(undefined)).toEqual([]);
  });

  it('refuses negative scores in the edit form but accepts 0', () => {
    const original = { score: 1, notes: '', start_date: null, end_date: null };
    expect(checkEdits([{ original, score: '-1', notes: '' }])).toEqual({ ok: false, error: 'Score must not be negative' });
    expect(checkEdits([{ original, score: '', notes: '' }]).ok).toBe(true);
  });

  it('refuses a decimal score in the edit form rather than cutting it to a whole number, as the other forms do', () => {
    const original = { score: 40, notes: 'Talk', start_date: null, end_date: null };
    for (const score of ['2.5', ' 0.5 ', '-1.5']) {
      expect(checkEdits([{ original, score: '7', notes: '' }, { original, score, notes: '' }])).toEqual({ ok: false, error: 'Score must be a whole number' });
    }
    expect(checkEdits([{ original, score: '3.0', notes: '' }]).ok).toBe(true);
  });

  it('deletes one contribution (the contributor stays) or the whole contributor', () => {
    const one = deleteContribution(map(), 'Ada Lovelace', 0);
    expect(one['Ada Lovelace']?.contributions.map((c) => c.notes)).toEqual(['Mentorship']);
    const all = deleteContributor(map(), 'Ada Lovelace');
    expect(Object.keys(all)).toEqual(['Kobe Chen']);
  });

  it('produces maps the server schema accepts', () => {
    const before = addContributor(map(), 'Grace', { email: 'g@example.com', contributions: [] });
    const kobe = applyEdits(before['Kobe Chen']!, 'Kobe Chen', [{ ...editsOf(before['Kobe Chen'])[0]!, score: '3', notes: 'x' }]);
    expect(kobe.ok).toBe(true);
    const next = replaceContributor(before, 'Kobe Chen', kobe.ok ? kobe.value : { contributions: [] });
    expect(next['Kobe Chen']?.contributions.map((c) => c.score)).toEqual([3]);
    expect(contributorsMapSchema.safeParse(next).success).toBe(true);
  });
});

describe('an inline edit of a list someone else changed', () => {
  const c = (score: number, notes: string) => ({ score, notes, start_date: null, end_date: null });
  // Grace had a talk and a blog post; the form opened on both and the talk was changed to 25.
  const opened = { contributions: [c(20, 'Talk'), c(10, 'Blog')] };
  const typed = () => {
    const [talk, blog] = editsOf(opened);
    return [{ ...talk!, score: '25' }, blog!];
  };

  it('refuses an edit whose contribution is gone instead of writing it over another, and drops nothing it did not show', () => {
    // Someone else deleted the talk: the edit of it must not land on the blog post (it did: by position).
    expect(applyEdits({ contributions: [c(10, 'Blog')] }, 'Grace', typed())).toEqual({
      ok: false,
      error: "Someone else changed or removed Grace's contribution of 20 points (“Talk”) while you edited it, so your edit was not saved. Cancel, and edit the contributions as they are now.",
    });
    // Someone else added one before the talk: the edit finds the talk, and the new one stays.
    expect(applyEdits({ contributions: [c(5, 'Mentoring'), c(20, 'Talk'), c(10, 'Blog')] }, 'Grace', typed())).toEqual({
      ok: true, value: { contributions: [c(5, 'Mentoring'), c(25, 'Talk'), c(10, 'Blog')] },
    });
  });

  it('carries the open form over to the record as it is now, keeping what was typed and naming the edit that was lost', () => {
    const gone = rebaseEdits(typed(), { contributions: [c(10, 'Blog')] });
    expect(gone.changed).toBe(true);
    expect(gone.edits.map((e) => [e.original.notes, e.score])).toEqual([['Blog', '10']]);
    expect(gone.lost.map((e) => [e.original.score, e.score])).toEqual([[20, '25']]);
    expect(rebaseNote('Grace', gone.lost)).toBe('The contributions of Grace changed while you edited them: the form now shows them as they are. Your edit of the contribution of 20 points (“Talk”) was not kept: it was changed or removed meanwhile. You had typed 25 points (“Talk”). Make it again if it still applies.');

    const added = rebaseEdits(typed(), { contributions: [c(20, 'Talk'), c(10, 'Blog'), c(5, 'Mentoring')] });
    expect(added.edits.map((e) => [e.original.notes, e.score])).toEqual([['Talk', '25'], ['Blog', '10'], ['Mentoring', '5']]);
    expect(added).toMatchObject({ changed: true, lost: [] });
    // Unchanged: nothing to carry over. An untouched edit of a removed contribution is no loss.
    expect(rebaseEdits(typed(), opened)).toMatchObject({ changed: false, lost: [] });
    expect(rebaseEdits(editsOf(opened), { contributions: [c(10, 'Blog')] }).lost).toEqual([]);
  });

  it('keeps what was typed over a contribution someone else edited in place, and says what their version is', () => {
    // Someone else saved the talk as 30 points meanwhile (an inline edit: same place, same dates).
    const theirs = c(30, 'Conference talk');
    const over = rebaseEdits(typed(), { contributions: [theirs, c(10, 'Blog')] });
    expect(over.changed).toBe(true);
    expect(over.lost).toEqual([]);
    expect(over.edits.map((e) => [e.original.score, e.score, e.notes, e.typedOver?.score])).toEqual([[30, '25', 'Talk', 20], [10, '10', 'Blog', undefined]]);
    expect(over.kept).toEqual([over.edits[0]]);
    expect(editsTyped(over.edits)).toBe(true);
    expect(rebaseNote('Grace', over.lost, over.kept)).toBe('The contributions of Grace changed while you edited them: the form now shows them as they are, with what you typed kept. Someone else changed the contribution of 20 points (“Talk”) to 30 points (“Conference talk”): check what you typed and save again to replace their version, or Cancel to keep it.');
    // Saved, it replaces their version, and nothing else.
    expect(applyEdits({ contributions: [theirs, c(10, 'Blog')] }, 'Grace', over.edits)).toEqual({ ok: true, value: { contributions: [c(25, 'Talk'), c(10, 'Blog')] } });
    // Followed again unchanged: it stays as it is.
    expect(rebaseEdits(over.edits, { contributions: [theirs, c(10, 'Blog')] })).toMatchObject({ changed: false, kept: [], lost: [] });
    // Another date range is another contribution, not theirs of ours: the edit is named as lost.
    const moved = rebaseEdits(typed(), { contributions: [{ ...theirs, start_date: '2025-01-01' }, c(10, 'Blog')] });
    expect(moved.kept).toEqual([]);
    expect(moved.lost.map((e) => e.score)).toEqual(['25']);
    // Nothing typed in a row: it simply shows their version.
    expect(editsTyped(editsOf(opened))).toBe(false);
    expect(rebaseEdits(editsOf(opened), { contributions: [theirs, c(10, 'Blog')] })).toMatchObject({ kept: [], lost: [] });
  });
});

describe('list helpers', () => {
  it('searches names and emails without case, sorted', () => {
    expect(searchContributors(map(), '')).toEqual(['Ada Lovelace', 'Kobe Chen']);
    expect(searchContributors(map(), 'KOBE')).toEqual(['Kobe Chen']);
    expect(searchContributors(map(), 'ada@')).toEqual(['Ada Lovelace']);
    expect(searchContributors(map(), 'nobody')).toEqual([]);
    expect(searchContributors({ ...map(), 'Zoe\u0308': { contributions: [] } }, 'ZOË')).toEqual(['Zoe\u0308']);
  });

  it('sums scores and describes date ranges', () => {
    expect(totalScore(map()['Ada Lovelace']!)).toBe(45);
    expect(describeDates({ start_date: null, end_date: null })).toBe('All periods');
    expect(describeDates({ start_date: '2025-01-01', end_date: null })).toBe('From 2025-01-01');
    expect(describeDates({ start_date: null, end_date: '2025-01-31' })).toBe('Until 2025-01-31');
    expect(describeDates({ start_date: '2025-01-01', end_date: '2025-01-31' })).toBe('2025-01-01 – 2025-01-31');
  });
});
