import { describe, expect, it } from 'vitest';
import { KeptDrafts } from '../../../web/src/admin/kept-drafts.js';

describe('KeptDrafts', () => {
  it("keeps what was typed for the account that typed it, and drops it when another signs in", () => {
    const drafts = new KeptDrafts();
    drafts.signedIn('owner');
    drafts.set('new-contributor', { name: 'Owner Draft', score: '30' }, { name: '', score: '' });
    // The same account again (GitHub logins have no case): everything is still there.
    drafts.signedIn('Owner');
    expect(drafts.get('new-contributor', null)).toEqual({ name: 'Owner Draft', score: '30' });
    expect(drafts.owner).toBe('Owner');
    // Another account: nothing of the owner's, for nora to see or save.
    drafts.signedIn('nora');
    expect(drafts.hasAny()).toBe(false);
    expect(drafts.get('new-contributor', 'empty')).toBe('empty');
    expect(drafts.owner).toBe('nora');
  });

  it('forgets the drafts and whose they were on clear (Logout)', () => {
    const drafts = new KeptDrafts();
    drafts.signedIn('owner');
    drafts.set('add:Grace', { notes: 'half typed' }, { notes: '' });
    drafts.clear();
    expect(drafts.hasAny()).toBe(false);
    expect(drafts.owner).toBeNull();
  });
});
