import { describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { addAdmin, deniedMessage, isAuthorized, isPrimaryAdmin, primaryAdminsOf, removeAdmin } from '../../src/core/github/admin-access.js';

const primary = { email: 'Owner@Example.com', login: 'TheOwner' };

function refusal(fn: () => unknown): LeaderboardError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(LeaderboardError);
    return err as LeaderboardError;
  }
  throw new Error('expected a refusal');
}

describe('isAuthorized', () => {
  it('accepts the primary admins by email or login, case-insensitively', () => {
    expect(isAuthorized({ login: 'someone', email: 'owner@example.com' }, primary, [])).toBe(true);
    expect(isAuthorized({ login: 'theowner', email: null }, primary, [])).toBe(true);
  });

  it('accepts anyone in the admin list by email or login, case-insensitively', () => {
    expect(isAuthorized({ login: 'Bob', email: null }, primary, ['bob'])).toBe(true);
    expect(isAuthorized({ login: 'x', email: 'CAROL@example.com' }, primary, [' carol@example.com '])).toBe(true);
  });

  it('refuses everyone else, and null fields never match', () => {
    expect(isAuthorized({ login: 'mallory', email: 'm@example.com' }, primary, ['bob'])).toBe(false);
    expect(isAuthorized({ login: 'mallory', email: null }, { email: null, login: null }, [])).toBe(false);
  });
});

describe('deniedMessage', () => {
  it("is the spec's sentence with the email, else the login, and the primary email", () => {
    expect(deniedMessage({ login: 'mallory', email: 'm@example.com' }, primary))
      .toBe('Access Denied: m@example.com is not authorized. Contact Owner@Example.com for access.');
    expect(deniedMessage({ login: 'mallory', email: null }, primary))
      .toBe('Access Denied: mallory is not authorized. Contact Owner@Example.com for access.');
    expect(deniedMessage({ login: 'mallory', email: null }, { email: null, login: 'TheOwner' }))
      .toBe('Access Denied: mallory is not authorized. Contact TheOwner for access.');
    expect(deniedMessage({ login: 'mallory', email: null }, { email: null, login: null }))
      .toBe("Access Denied: mallory is not authorized. Contact the repository's maintainers for access.");
  });
});

describe('addAdmin', () => {
  it('adds a trimmed entry at the end', () => {
    expect(addAdmin(['bob'], '  carol@example.com ', primary)).toEqual(['bob', 'carol@example.com']);
  });

  it("refuses an empty entry: 'Please enter an email address or GitHub username'", () => {
    const err = refusal(() => addAdmin([], '   ', primary));
    expect(err.message).toBe('Please enter an email address or GitHub username');
    expect(err.code).toBe('INVALID_INPUT');
  });

  it('refuses an entry with a space or a line break inside', () => {
    for (const entry of ['a b', 'a\nb']) expect(refusal(() => addAdmin([], entry, primary)).message).toBe('An admin entry is one email address or GitHub username, without spaces or line breaks');
  });

  it("refuses a primary or existing admin, case-insensitively: 'This email/username is already an admin'", () => {
    for (const entry of ['owner@example.COM', 'theowner', 'BOB']) {
      expect(refusal(() => addAdmin(['bob'], entry, primary)).message).toBe('This email/username is already an admin');
    }
  });
});

describe('removeAdmin', () => {
  it('removes an entry, case-insensitively', () => {
    expect(removeAdmin(['bob', 'carol'], 'BOB', primary)).toEqual(['carol']);
  });

  it("refuses primary admins: 'Primary admins cannot be removed'", () => {
    expect(refusal(() => removeAdmin(['theowner'], 'TheOwner', primary)).message).toBe('Primary admins cannot be removed');
    expect(refusal(() => removeAdmin([], 'owner@example.com', primary)).message).toBe('Primary admins cannot be removed');
  });

  it('reports an entry that is not in the list', () => {
    expect(refusal(() => removeAdmin(['bob'], 'zed', primary)).code).toBe('NOT_FOUND');
  });
});

describe('primary admins', () => {
  it('come from the configuration, null when unset', () => {
    expect(primaryAdminsOf({ primaryAdmins: { login: 'o' } })).toEqual({ email: null, login: 'o' });
    expect(isPrimaryAdmin('O', { email: null, login: 'o' })).toBe(true);
    expect(isPrimaryAdmin('', { email: null, login: null })).toBe(false);
  });
});
