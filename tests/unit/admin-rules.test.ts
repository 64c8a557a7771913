import { describe, expect, it } from 'vitest';
import { adminListSavedMessage, adminListUnchangedMessage, applyAdminChange, droppedChanges, isAuthorized, isPrimaryAdmin, sameAdminList } from '../../src/shared/admin-rules.js';

const primary = { email: 'owner@example.com', login: 'owner' };

describe('an admin-list change re-applied to the list as it stands', () => {
  it('keeps what others changed meanwhile: only the entries it names move', () => {
    expect(applyAdminChange(['nora', 'ada', 'zed'], { add: ['xavier'], remove: [] }, primary)).toEqual(['nora', 'ada', 'zed', 'xavier']);
    expect(applyAdminChange(['nora', 'zed'], { add: [], remove: ['NORA', 'gone'] }, primary)).toEqual(['zed']);
    // Already there (another spelling), or a primary admin: not added twice; a primary is never removed.
    expect(applyAdminChange(['Nora'], { add: ['nora', 'OWNER'], remove: ['owner@example.com'] }, primary)).toEqual(['Nora']);
  });

  it('compares lists without order, case or duplicates', () => {
    expect(sameAdminList(['a', 'B', 'a'], ['b', 'A'])).toBe(true);
    expect(sameAdminList(['a'], ['a', 'b'])).toBe(false);
  });

  it("does not count what the admin's own change undid as dropped", () => {
    const change = { add: [], remove: ['yves'] };
    expect(droppedChanges(['nora'], ['nora', 'yves', 'wanda'], ['nora'], change)).toEqual({ added: ['wanda'], removed: [] });
    expect(adminListSavedMessage(['nora'], ['nora', 'x'], 'URL', ['nora', 'yves'], { add: ['x'], remove: ['yves'] })).toBe('Admin list change proposed (added x): merge URL to apply it.');
  });

  it('says what the default branch already has when nothing is to propose', () => {
    expect(adminListUnchangedMessage('main', ['nora', 'zed'], { add: ['ZED'], remove: ['yves'] }, null)).toBe('No change to propose: the admin list on main already lists ZED and leaves out yves.');
    expect(adminListUnchangedMessage('trunk', ['nora'], { add: [], remove: [] }, null)).toBe('No change to propose: the admin list on trunk is already the one shown.');
  });
});

describe('a login written with its @', () => {
  const carol = { login: 'carol', email: 'carol@example.com' };
  const none = { email: null, login: null };
  it('is the account of that login, in the list and as a primary admin', () => {
    expect(isAuthorized(carol, none, ['@Carol'])).toBe(true);
    expect(isAuthorized(carol, { email: null, login: ' @carol' }, [])).toBe(true);
    expect(isPrimaryAdmin('carol', { email: null, login: '@carol' })).toBe(true);
    expect(isAuthorized({ login: 'carl', email: null }, none, ['@carol'])).toBe(false);
    // A login in primaryAdmins.email is a login there too (configs have it so).
    expect(isAuthorized(carol, { email: 'carol', login: null }, [])).toBe(true);
    // An @ alone names nobody.
    expect(isAuthorized({ login: 'x', email: null }, { email: null, login: '@' }, ['@'])).toBe(false);
  });

  it('is one entry with the login written without it', () => {
    expect(applyAdminChange(['@carol'], { add: ['carol'], remove: [] }, none)).toEqual(['@carol']);
    expect(applyAdminChange(['@carol', 'nora'], { add: [], remove: ['CAROL'] }, none)).toEqual(['nora']);
    expect(sameAdminList(['@carol'], ['carol'])).toBe(true);
  });
});
