import { describe, expect, it } from 'vitest';
import type { PartActivity } from '../../src/core/activity.js';
import { defaultConfig } from '../../src/core/config.js';
import { applyIdentities } from '../../src/core/identity/identities.js';
import { loginResolver } from '../../src/core/identity/logins.js';
import type { ScoredCommit } from '../../src/core/types.js';

let n = 0;
function commit(author: string, email: string): ScoredCommit {
  n += 1;
  return {
    hash: n.toString(16).padStart(40, '0'), author, email, date: '2025-01-01T00:00:00.000Z', subject: 's', breaking: false,
    stats: { files: 1, insertions: 1, deletions: 0, excluded_files: 0, excluded_lines: 0 },
    scores: { loc: 3, files: 5, keyword: 12, ai: 5, ai_source: 'heuristic' }, total: 25,
  };
}
const activity = (over: Partial<PartActivity> = {}): PartActivity => ({ repository: 'acme/app', reviews: [], issues: [], emailLogins: {}, profiles: {}, ...over });
const config = (over: Partial<ReturnType<typeof defaultConfig>> = {}) => ({ ...defaultConfig(), ...over });

describe('linking GitHub logins to contributors', () => {
  const commits = [
    commit('Ann Lee', 'ann@example.com'),
    commit('Ann L', '12+annl@users.noreply.github.com'),
    commit('Bob', 'bob@work.example'),
    commit('Bob', 'bob@work.example'),
    commit('Robert', 'BOB@home.example'),
  ];

  it('1. an "@login" alias in identities names its contributor, above every other rule', () => {
    const resolve = loginResolver(commits, [activity({ emailLogins: { 'ann@example.com': 'annl' }, profiles: { annl: 'Profile Ann' } })],
      config({ identities: { 'Ann Lee': ['@AnnL'] } }));
    expect(resolve('annl')).toBe('Ann Lee');
    expect(resolve('ANNL')).toBe('Ann Lee');
  });

  it('2. a noreply commit email names its login, above GitHub\'s email answers', () => {
    const resolve = loginResolver(commits, [activity({ emailLogins: { 'ann@example.com': 'annl' } })], config());
    expect(resolve('annl')).toBe('Ann L');
  });

  it('3. GitHub\'s answer for an author email links its login (emails in any case; most commits win)', () => {
    const resolve = loginResolver(commits, [activity({ emailLogins: { 'bob@work.example': 'bobby', 'bob@home.example': 'bobby', 'ann@example.com': null } })], config());
    expect(resolve('bobby')).toBe('Bob');
    expect(resolve('Bobby')).toBe('Bob');
  });

  it('4. a login linked to nobody is its own contributor, named by its profile, else the login', () => {
    const resolve = loginResolver(commits, [activity({ profiles: { zed: 'Zed Zulu', yan: null } })], config());
    expect(resolve('zed')).toBe('Zed Zulu');
    expect(resolve('yan')).toBe('yan');
  });

  it('4. two accounts with one profile name are two people, each named with its login; a commit author\'s name is still that author', () => {
    const resolve = loginResolver(commits, [
      activity({ profiles: { jsmith: 'John Smith', alex: null, annx: 'Ann Lee' } }),
      activity({ repository: 'acme/lib', profiles: { JSmith2: 'John Smith', alex2: 'alex', ann2: 'Ann Lee' } }),
    ], config());
    expect(resolve('jsmith')).toBe('John Smith (jsmith)');
    expect(resolve('jsmith2')).toBe('John Smith (JSmith2)');
    expect(resolve('alex')).toBe('alex (alex)');
    expect(resolve('alex2')).toBe('alex (alex2)');
    expect(resolve('annx')).toBe('Ann Lee');
    expect(resolve('ann2')).toBe('Ann Lee');
  });

  it('4. a profile name (or a login) that identities lists as a name alias is that contributor, not a second one', () => {
    const fay = [commit('Fay Lo', 'fay@example.com')];
    const identities = { 'Fay Lee': ['Fay Lo', 'faylee'] };
    const resolve = loginResolver(applyIdentities(fay, identities), [activity({ profiles: { fayl: 'Fay Lo' } })], config({ identities }));
    expect(resolve('fayl')).toBe('Fay Lee');
    expect(resolve('faylee')).toBe('Fay Lee');
  });

  it('links through the canonical names identities give commits', () => {
    const cfg = config({ identities: { Robert: ['Bob'] } });
    const resolve = loginResolver(applyIdentities(commits, cfg.identities), [activity({ emailLogins: { 'bob@work.example': 'bobby' } })], cfg);
    expect(resolve('bobby')).toBe('Robert');
  });

  it('leaves out bots by the config\'s rules and any [bot] login', () => {
    const resolve = loginResolver(commits, [activity({ profiles: { helper: 'Release Helper' } })], config({ bots: { exclude: true, patterns: ['release'] } }));
    expect(resolve('dependabot')).toBeNull();
    expect(resolve('copilot[bot]')).toBeNull();
    expect(resolve('helper')).toBeNull();
    expect(resolve('zed')).toBe('zed');
    const keep = loginResolver(commits, [], config({ bots: { exclude: false, patterns: [] } }));
    expect(keep('dependabot')).toBe('dependabot');
    expect(keep('copilot[bot]')).toBeNull();
  });

  it('decides the same whatever the order of commits and parts', () => {
    const a = activity({ repository: 'acme/a', emailLogins: { 'bob@work.example': 'bobby' }, profiles: { zed: 'Zed A' } });
    const b = activity({ repository: 'acme/b', emailLogins: { 'bob@home.example': 'bobby' }, profiles: { zed: 'Zed B' } });
    const tie = [commit('Bob', 'bob@work.example'), commit('Robert', 'bob@home.example')];
    const one = loginResolver(tie, [a, b], config());
    const two = loginResolver([...tie].reverse(), [b, a], config());
    expect([one('bobby'), one('zed')]).toEqual(['Bob', 'Zed A']);
    expect([two('bobby'), two('zed')]).toEqual(['Bob', 'Zed A']);
  });
});
