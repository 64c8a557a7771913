import { describe, expect, it } from 'vitest';
import { parseLeaderboardData } from '../../../src/shared/data-file.js';
import { applyFilter, collectContributorNames, searchNames, toggleName } from '../../../web/src/lib/filter.js';
import { ranked } from './helpers.js';

const tierAt = (list: { name: string; tier: string; rank: number }[], name: string) => {
  const e = list.find((x) => x.name === name);
  return e ? `${e.rank}:${e.tier}` : undefined;
};

describe('applyFilter', () => {
  it('returns the entries as the file has them when nobody of the period is hidden', () => {
    const entries = ranked(3);
    const out = applyFilter(entries, new Set(['someone-else']));
    expect(out).toEqual(entries);
    expect(out[0]?.tier).toBe('X');
  });

  it('removes hidden contributors and ranks the rest again in their order', () => {
    const out = applyFilter(ranked(4), new Set(['c2']));
    expect(out.map((e) => e.name)).toEqual(['c1', 'c3', 'c4']);
    expect(out.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(out.every((e) => e.tier === 'T0' && e.tier_name === 'Elite')).toBe(true);
  });

  it('moves the tier edges 5/6, 12/13 and 22/23 up by one when someone above is hidden', () => {
    const out = applyFilter(ranked(30), new Set(['c1']));
    expect(out).toHaveLength(29);
    // c6 was the first T1; now rank 5 and Elite.
    expect(tierAt(out, 'c6')).toBe('5:T0');
    expect(tierAt(out, 'c7')).toBe('6:T1');
    // c13 was the first T2; now rank 12 and Advanced.
    expect(tierAt(out, 'c13')).toBe('12:T1');
    expect(tierAt(out, 'c14')).toBe('13:T2');
    // c23 was the first T3; now rank 22 and Intermediate.
    expect(tierAt(out, 'c23')).toBe('22:T2');
    expect(tierAt(out, 'c24')).toBe('23:T3');
    expect(out.find((e) => e.name === 'c24')?.tier_name).toBe('Contributing');
  });

  it('keeps tiers above a hidden contributor and re-ranks those below', () => {
    const out = applyFilter(ranked(25), new Set(['c12']));
    expect(tierAt(out, 'c5')).toBe('5:T0');
    expect(tierAt(out, 'c6')).toBe('6:T1');
    expect(tierAt(out, 'c11')).toBe('11:T1');
    expect(tierAt(out, 'c13')).toBe('12:T1');
    expect(tierAt(out, 'c14')).toBe('13:T2');
    expect(tierAt(out, 'c23')).toBe('22:T2');
    expect(tierAt(out, 'c24')).toBe('23:T3');
    expect(out.find((e) => e.name === 'c13')?.tier_name).toBe('Advanced');
  });

  it('gives the T names of the spec', () => {
    const out = applyFilter(ranked(24), new Set(['c24']));
    expect([out[0], out[5], out[12], out[22]].map((e) => `${e?.tier} ${e?.tier_name}`)).toEqual([
      'T0 Elite', 'T1 Advanced', 'T2 Intermediate', 'T3 Contributing',
    ]);
  });

  it('does not change the entries it was given', () => {
    const entries = ranked(6);
    applyFilter(entries, new Set(['c1']));
    expect(entries[5]?.rank).toBe(6);
    expect(entries[5]?.tier).toBe('X');
  });

  it('returns nothing when everyone is hidden', () => {
    expect(applyFilter(ranked(2), new Set(['c1', 'c2']))).toEqual([]);
  });
});

describe('collectContributorNames', () => {
  it('lists every name of every period type once, sorted ignoring case', () => {
    const data = parseLeaderboardData({
      last_updated: '2025-10-21T00:00:00Z',
      leaderboards: {
        weekly: { '2025-W43': [{ name: 'bob' }, { name: 'Alice' }] },
        monthly: { '2025-10': [{ name: 'Alice' }, { name: 'carol' }] },
        quarterly: { '2025-Q4': [{ name: 'Dave' }] },
      },
    });
    expect(collectContributorNames(data)).toEqual(['Alice', 'bob', 'carol', 'Dave']);
  });
});

describe('searchNames / toggleName', () => {
  it('matches a part of the name, ignoring case and spaces around the query', () => {
    expect(searchNames(['Alice Martin', 'Bob Chen', 'Carla'], '  mar ')).toEqual(['Alice Martin']);
    expect(searchNames(['a', 'b'], '')).toEqual(['a', 'b']);
    // Accents and Unicode normalisation ignored, as the board's search does.
    expect(searchNames(['Zoe\u0308 Ångström', 'José', 'Jo'], 'zoë')).toEqual(['Zoe\u0308 Ångström']);
    expect(searchNames(['Zoe\u0308 Ångström', 'José', 'Jo'], 'jose')).toEqual(['José']);
  });

  it('toggles a name in a new set', () => {
    const before = new Set(['a']);
    expect([...toggleName(before, 'b')].sort()).toEqual(['a', 'b']);
    expect([...toggleName(before, 'a')]).toEqual([]);
    expect([...before]).toEqual(['a']);
  });
});
