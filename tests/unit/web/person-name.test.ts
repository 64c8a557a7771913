import { describe, expect, it } from 'vitest';
import { creditText } from '../../../web/src/lib/credit-notes.js';
import { searchNames } from '../../../web/src/lib/filter.js';
import { emailAddsToName, isBlankName, NO_NAME, shownName } from '../../../web/src/lib/person-name.js';
import { searchEntries } from '../../../web/src/lib/search.js';
import { entry } from './helpers.js';

describe('a contributor with no name', () => {
  it('is shown as "(no name)", whatever invisible characters the name holds', () => {
    for (const blank of ['', '   ', '\t\n', '\u00A0', '\u200B', '\uFEFF \u2009']) {
      expect(isBlankName(blank)).toBe(true);
      expect(shownName(blank)).toBe(NO_NAME);
    }
    for (const name of ['Bob', ' Bob ', '李', '-', '(no name)']) {
      expect(isBlankName(name)).toBe(false);
      expect(shownName(name)).toBe(name);
    }
  });

  it('is found by what the page shows, in the ranking and the filter', () => {
    const entries = [entry('Alice'), entry('', { email: '' }), entry('Bob')];
    expect(searchEntries(entries, 'no name').map((e) => e.name)).toEqual(['']);
    expect(searchNames(['Alice', '', 'Bob'], '(No Name)')).toEqual(['']);
  });

  it('is named "(no name)" in the credit note, which still finds their part by the name', () => {
    const commit = { co_authors: ['Bob', ''], scores: { total: 76, loc: 30, files: 5, keyword: 25, ai: 16 } };
    expect(creditText(commit, '', 'share')).toEqual({ text: "(no name)'s part: 25.33 of 76 pts, split 3 ways", part: 25.33 });
  });
});

describe('a contributor known only by an email', () => {
  it('is not shown the email a second time under the name, which is that email', () => {
    expect(emailAddsToName('dan@example.com', 'dan@example.com')).toBe(false);
    expect(emailAddsToName('Dan@Example.com ', 'dan@example.com')).toBe(false);
    expect(emailAddsToName('Dan', 'dan@example.com')).toBe(true);
    expect(emailAddsToName('', 'dan@example.com')).toBe(true);
    expect(emailAddsToName('Dan', '')).toBe(false);
    expect(emailAddsToName('', '')).toBe(false);
  });
});
