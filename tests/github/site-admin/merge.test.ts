import { describe, expect, it } from 'vitest';
import type { ManualContributor } from '../../../src/shared/manual-contributions.js';
import { decodeBase64, encodeBase64 } from '../../../web/src/admin/github/base64.js';
import { EditConflict, holdsChange, mergeContributors } from '../../../web/src/admin/merge.js';

type Map = Record<string, ManualContributor>;
const c = (score: number, notes = '') => ({ score, notes, start_date: null, end_date: null });
const rec = (...contributions: ReturnType<typeof c>[]): ManualContributor => ({ contributions });

describe('mergeContributors (base = read, ours = edit, theirs = saved meanwhile)', () => {
  const base: Map = { A: rec(c(1), c(2)), B: rec(c(5)), C: rec(c(7)) };

  it('unchanged by us: theirs (their edits, additions and deletions win)', () => {
    const theirs: Map = { A: rec(c(1), c(2), c(3)), D: rec(c(9)) };
    expect(mergeContributors(base, base, theirs)).toEqual(theirs);
  });

  it('changed by us only: ours; deleted by us: deleted, but for what they added meanwhile', () => {
    const ours: Map = { A: rec(c(1)), C: rec(c(7)) };
    const theirs: Map = { ...base, B: rec(c(6)), E: rec(c(1)) };
    // They replaced B's 5 by a 6: our deletion takes the 5 we saw, their 6 is not lost.
    expect(mergeContributors(base, ours, theirs)).toEqual({ A: rec(c(1)), B: rec(c(6)), C: rec(c(7)), E: rec(c(1)) });
    // Unchanged by them: gone.
    expect(mergeContributors(base, ours, { ...base, E: rec(c(1)) })).toEqual({ A: rec(c(1)), C: rec(c(7)), E: rec(c(1)) });
  });

  it('changed by both: our added and removed contributions (by value, as multisets) applied onto theirs', () => {
    const ours: Map = { ...base, A: rec(c(2), c(4, 'ours')) }; // removed c(1), added c(4)
    const theirs: Map = { ...base, A: rec(c(1), c(2), c(2), c(8, 'theirs')) };
    expect(mergeContributors(base, ours, theirs).A).toEqual(rec(c(2), c(2), c(8, 'theirs'), c(4, 'ours')));
  });

  it('an inline edit stays in place; our changed fields (email) apply, theirs are kept otherwise', () => {
    const b: Map = { A: { email: 'a@x', contributions: [c(1, 'one'), c(2, 'two')] } };
    const ours: Map = { A: { email: 'a@new', contributions: [c(10, 'one, edited'), c(2, 'two')] } };
    const theirs: Map = { A: { email: 'a@x', extra: 'kept', contributions: [c(1, 'one'), c(2, 'two'), c(3, 'three')] } as ManualContributor };
    expect(mergeContributors(b, ours, theirs).A).toEqual({ email: 'a@new', extra: 'kept', contributions: [c(10, 'one, edited'), c(2, 'two'), c(3, 'three')] });
  });

  it('added by both: our contributions join theirs; added by us only: ours', () => {
    const ours: Map = { ...base, N: rec(c(1, 'ours')), M: rec(c(4)) };
    const theirs: Map = { ...base, N: rec(c(2, 'theirs')) };
    const merged = mergeContributors(base, ours, theirs);
    expect(merged.N).toEqual(rec(c(2, 'theirs'), c(1, 'ours')));
    expect(merged.M).toEqual(rec(c(4)));
  });

  it('compares by value whatever the key order, and does not mutate its inputs', () => {
    const theirs = JSON.parse('{"A":{"contributions":[{"notes":"","end_date":null,"start_date":null,"score":1},{"score":2,"notes":"","start_date":null,"end_date":null}]},"B":{"contributions":[{"score":5,"notes":"","start_date":null,"end_date":null}]},"C":{"contributions":[{"score":7,"notes":"","start_date":null,"end_date":null}]}}') as Map;
    const ours: Map = { ...base, A: rec(c(2)) };
    const snapshot = JSON.stringify([base, ours, theirs]);
    expect(mergeContributors(base, ours, theirs).A).toEqual(rec(c(2)));
    expect(JSON.stringify([base, ours, theirs])).toBe(snapshot);
  });

  it('a change they made too (an earlier try of the same save) is applied once, as a three-way merge does', () => {
    const ours: Map = { ...base, A: rec(c(1), c(2), c(4, 'paper')), B: rec(c(6)) }; // added to A, edited B in place
    expect(mergeContributors(base, ours, ours)).toEqual(ours);
    // Someone else's addition meanwhile is kept beside it.
    const theirs: Map = { ...ours, A: rec(c(1), c(2), c(4, 'paper'), c(9, 'theirs')) };
    expect(mergeContributors(base, ours, theirs)).toEqual(theirs);
    // One of two equal contributions removed on both sides: one removal, not two.
    const twice: Map = { A: rec(c(3), c(3)) };
    expect(mergeContributors(twice, { A: rec(c(3)) }, { A: rec(c(3)) })).toEqual({ A: rec(c(3)) });
  });

  it('refuses our edit of a contribution they edited or removed meanwhile, which would count both', () => {
    const ours: Map = { ...base, A: rec(c(10, 'edited'), c(2)) };
    for (const theirs of [{ ...base, A: rec(c(20, 'theirs'), c(2)) }, { ...base, A: rec(c(2)) }]) {
      expect(() => mergeContributors(base, ours, theirs)).toThrow(EditConflict);
    }
    expect(() => mergeContributors(base, ours, { ...base, A: rec(c(2)) })).toThrow("Someone else changed or removed A's contribution of 1 point while you edited it, so your edit was not saved.");
    // The same edit made by them (an earlier try of ours) is no conflict, nor are edits of different contributions.
    expect(mergeContributors(base, ours, ours)).toEqual(ours);
    expect(mergeContributors(base, ours, { ...base, A: rec(c(1), c(3, 'theirs')) }).A).toEqual(rec(c(10, 'edited'), c(3, 'theirs')));
  });

  it('refuses our deletion of a contribution they edited meanwhile, which would keep their version without a word', () => {
    const ours: Map = { ...base, A: rec(c(2)) }; // deleted A's 1
    expect(() => mergeContributors(base, ours, { ...base, A: rec(c(20, 'theirs'), c(2)) })).toThrow("Someone else changed A's contribution of 1 point while you deleted it, so it was not deleted.");
    // Deleted by them too, or another of A's edited: no conflict.
    expect(mergeContributors(base, ours, { ...base, A: rec(c(2)) }).A).toEqual(rec(c(2)));
    expect(mergeContributors(base, ours, { ...base, A: rec(c(1), c(3, 'theirs')) }).A).toEqual(rec(c(3, 'theirs')));
    // They removed it and added another at the end: no edit of it.
    expect(mergeContributors(base, ours, { ...base, A: rec(c(2), c(9, 'new')) }).A).toEqual(rec(c(2), c(9, 'new')));
  });

  it('keeps a contributor named like an Object.prototype key', () => {
    const ours: Map = { constructor: rec(c(1)) };
    expect(Object.keys(mergeContributors({}, ours, {}))).toEqual(['constructor']);
  });
});

describe('holdsChange (did a save whose answer was lost go through?)', () => {
  const base: Map = { A: rec(c(20, 'talk')), B: rec(c(5)) };
  it('sees our change in the file read again, even beside someone else\'s, and not when it is missing', () => {
    const added: Map = { ...base, A: rec(c(20, 'talk'), c(15, 'mentoring')) };
    expect(holdsChange(base, added, added)).toBe(true);
    expect(holdsChange(base, added, { ...added, C: rec(c(1)) })).toBe(true);
    expect(holdsChange(base, added, base)).toBe(false);
    // Edited, deleted, a new contributor: there or not.
    const edited: Map = { ...base, A: rec(c(25, 'talk')) };
    expect(holdsChange(base, edited, edited)).toBe(true);
    expect(holdsChange(base, edited, { ...base, A: rec(c(30, 'theirs')) })).toBe(false);
    const deleted: Map = { B: rec(c(5)) };
    expect(holdsChange(base, deleted, deleted)).toBe(true);
    expect(holdsChange(base, { ...base, D: rec(c(3)) }, { ...base, D: rec(c(3)) })).toBe(true);
    // No change at all is no save to report.
    expect(holdsChange(base, base, base)).toBe(false);
  });
});

describe('base64 (browser, UTF-8)', () => {
  it('round-trips non-ASCII text and decodes GitHub\'s wrapped base64', () => {
    const text = '{"Zoë": "日本語 ✓"}\n'.repeat(50);
    expect(decodeBase64(encodeBase64(text))).toBe(text);
    expect(encodeBase64(text)).toBe(Buffer.from(text).toString('base64'));
    const wrapped = Buffer.from(text).toString('base64').replace(/.{60}/g, '$&\n');
    expect(decodeBase64(wrapped)).toBe(text);
  });
});
