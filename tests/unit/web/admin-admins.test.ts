import { describe, expect, it } from 'vitest';
import { applyAdminChange } from '../../../src/shared/admin-rules.js';
import { adminRows, checkNewAdmin, isPrimary, primaryValues } from '../../../web/src/admin/admins.js';

const primary = { email: 'owner@example.com', login: 'owner' };

describe('admin list', () => {
  it('lists the configured primary admins first, marked, and shows a repeated one once', () => {
    expect(adminRows(['helper@example.com', 'OWNER', 'octocat'], primary)).toEqual([
      { value: 'owner@example.com', primary: true },
      { value: 'owner', primary: true },
      { value: 'helper@example.com', primary: false },
      { value: 'octocat', primary: false },
    ]);
    expect(primaryValues({ email: null, login: 'owner' })).toEqual(['owner']);
    expect(adminRows(['a'], { email: null, login: null })).toEqual([{ value: 'a', primary: false }]);
  });

  it("says 'Please enter an email address or GitHub username' for an empty entry", () => {
    expect(checkNewAdmin('', [], primary)).toBe('Please enter an email address or GitHub username');
    expect(checkNewAdmin('   ', [], primary)).toBe('Please enter an email address or GitHub username');
  });

  it('refuses an entry with a space or a line break inside (no email or login has one), not one around it', () => {
    for (const v of ['a b', 'a\nb', 'ann\t@x.org', 'bob\u0000']) expect(checkNewAdmin(v, [], primary), JSON.stringify(v)).toBe('An admin entry is one email address or GitHub username, without spaces or line breaks');
    expect(checkNewAdmin('  carol  ', [], primary)).toBeNull();
  });

  it("says 'This email/username is already an admin' for a primary or listed admin, without case", () => {
    expect(checkNewAdmin('Owner@Example.com', [], primary)).toBe('This email/username is already an admin');
    expect(checkNewAdmin(' owner ', [], primary)).toBe('This email/username is already an admin');
    expect(checkNewAdmin('OctoCat', ['octocat'], primary)).toBe('This email/username is already an admin');
    expect(checkNewAdmin('bob@example.com', ['octocat'], primary)).toBeNull();
    // A login written with its @ is that login, as the server takes it.
    expect(checkNewAdmin('carol', ['@Carol'], primary)).toBe('This email/username is already an admin');
    expect(checkNewAdmin('@owner', [], primary)).toBe('This email/username is already an admin');
    expect(adminRows(['carol'], { email: null, login: '@carol' })).toEqual([{ value: '@carol', primary: true }]);
  });

  it('adds trimmed entries and removes any but a primary admin', () => {
    expect(applyAdminChange(['a'], { add: [' b '], remove: [] }, primary)).toEqual(['a', 'b']);
    expect(applyAdminChange(['a', 'b'], { add: [], remove: ['a'] }, primary)).toEqual(['b']);
    expect(applyAdminChange(['owner', 'b'], { add: [], remove: ['owner'] }, primary)).toEqual(['owner', 'b']);
    expect(isPrimary(primary, 'OWNER')).toBe(true);
    expect(isPrimary(primary, 'b')).toBe(false);
  });
});
