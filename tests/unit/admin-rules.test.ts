import { describe, expect, it } from 'vitest';
import { adminListSavedMessage, adminListUnchangedMessage, applyAdminChange, droppedChanges, sameAdminList } from '../../src/shared/admin-rules.js';

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
