import { describe, expect, it } from 'vitest';
import { buildUrlSearch, linkMismatchText, parseUrlState, unknownType } from '../../../web/src/lib/url-state.js';
import { nameInBoard } from '../../../web/src/lib/person-name.js';

describe('parseUrlState', () => {
  it('reads the type and period', () => {
    expect(parseUrlState('?type=monthly&period=2025-10')).toEqual({ type: 'monthly', period: '2025-10' });
    expect(parseUrlState('type=quarterly&period=2025-Q4')).toEqual({ type: 'quarterly', period: '2025-Q4' });
  });

  it('keeps a no-break space a contributor\'s name ends in (git keeps it: "Bob\u00A0" is not "Bob"), and drops plain spaces around it', () => {
    expect(parseUrlState(`?contributor=${encodeURIComponent('Bob\u00A0')}`)).toMatchObject({ contributor: 'Bob\u00A0' });
    expect(parseUrlState(`?contributor=${encodeURIComponent('  Bob ')}`)).toMatchObject({ contributor: 'Bob' });
  });

  it('falls back to weekly and no period', () => {
    expect(parseUrlState('')).toEqual({ type: 'weekly', period: null });
    expect(parseUrlState('?type=yearly&period=')).toEqual({ type: 'weekly', period: null });
    expect(parseUrlState('?type=Monthly')).toEqual({ type: 'weekly', period: null });
    expect(parseUrlState('?period=%20%20')).toEqual({ type: 'weekly', period: null });
  });

  it('keeps a period the data may not have (checked against the data later)', () => {
    expect(parseUrlState('?period=1999-W01')).toEqual({ type: 'weekly', period: '1999-W01' });
  });
});

describe('buildUrlSearch', () => {
  it('writes the type and period', () => {
    expect(buildUrlSearch('', { type: 'monthly', period: '2025-10' })).toBe('?type=monthly&period=2025-10');
  });

  it('keeps other parameters and replaces the old view', () => {
    expect(buildUrlSearch('?theme=x&type=weekly&period=2025-W01', { type: 'quarterly', period: '2025-Q4' }))
      .toBe('?theme=x&type=quarterly&period=2025-Q4');
  });

  it('drops the period when there is none', () => {
    expect(buildUrlSearch('?type=weekly&period=2025-W01', { type: 'weekly', period: null })).toBe('?type=weekly');
  });

  it('round-trips', () => {
    const state = { type: 'quarterly' as const, period: '2025-Q1' };
    expect(parseUrlState(buildUrlSearch('', state))).toEqual(state);
  });
});

describe('the contributor page in the URL', () => {
  it('reads and writes the contributor with the type and period', () => {
    expect(parseUrlState('?type=monthly&contributor=Alice%20%C3%81rv%C3%ADz')).toEqual({ type: 'monthly', period: null, contributor: 'Alice Árvíz' });
    expect(buildUrlSearch('?type=weekly', { type: 'monthly', period: '2025-10', contributor: 'a&b=c' }))
      .toBe('?type=monthly&period=2025-10&contributor=a%26b%3Dc');
  });

  it('drops the contributor when going back to the board, and ignores a blank one', () => {
    expect(buildUrlSearch('?type=weekly&contributor=bob', { type: 'weekly', period: null, contributor: null })).toBe('?type=weekly');
    expect(parseUrlState('?contributor=%20')).toEqual({ type: 'weekly', period: null });
  });

  it('names a contributor with a blank name as the page shows them, "(no name)", which finds them on the board', () => {
    for (const blank of ['', ' ', '\u200B']) {
      const search = buildUrlSearch('?type=weekly', { type: 'weekly', period: null, contributor: blank });
      expect(search).toBe('?type=weekly&contributor=%28no+name%29');
      expect(nameInBoard(['Alice', blank, 'Bob'], parseUrlState(search).contributor ?? '')).toBe(blank);
    }
    // Someone actually named so is theirs; with no blank name on the board, nobody is found.
    expect(nameInBoard(['Alice', '', '(no name)'], '(no name)')).toBe('(no name)');
    expect(nameInBoard(['Alice', 'Bob'], '(no name)')).toBe('(no name)');
    // A name git stored decomposed (NFD), asked for composed (NFC), and the other way round.
    expect(nameInBoard(['Zoe\u0308'], 'Zo\u00EB')).toBe('Zoe\u0308');
    expect(nameInBoard(['Zo\u00EB'], 'Zoe\u0308')).toBe('Zo\u00EB');
  });

  it('round-trips a name with spaces, plus signs and non-ASCII letters', () => {
    const state = { type: 'weekly' as const, period: '2025-W43', contributor: 'Zoë + Co' };
    expect(parseUrlState(buildUrlSearch('', state))).toEqual(state);
  });
});

describe('unknownType', () => {
  it('names a type the page does not have, and nothing for ours or none', () => {
    expect(unknownType('?type=yearly')).toBe('yearly');
    expect(unknownType('?type=Monthly')).toBe('Monthly');
    expect(unknownType('?type=monthly')).toBeNull();
    expect(unknownType('?type=%20')).toBeNull();
    expect(unknownType('')).toBeNull();
  });
});

describe('linkMismatchText', () => {
  it('says what the link asked for is not on the board, and what is shown', () => {
    expect(linkMismatchText({ askedType: null, askedPeriod: '2019-W01', type: 'weekly', period: '2025-W43' }))
      .toBe('2019-W01 is not on this board; showing 2025-W43.');
    expect(linkMismatchText({ askedType: null, askedPeriod: '2025-03', type: 'weekly', period: '2025-W13' }))
      .toBe('"2025-03" is not a weekly period; showing 2025-W13.');
    expect(linkMismatchText({ askedType: 'yearly', askedPeriod: null, type: 'weekly', period: '2025-W43' }))
      .toBe('"yearly" is not a period type; showing Weekly 2025-W43.');
    expect(linkMismatchText({ askedType: null, askedPeriod: '2019-01', type: 'monthly', period: null }))
      .toBe('2019-01 is not on this board; showing Monthly, which has no periods yet.');
  });
});
