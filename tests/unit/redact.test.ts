import { describe, expect, it } from 'vitest';
import { emailHider, HIDDEN_EMAIL, withoutEmails } from '../../src/core/site/redact.js';

describe('withoutEmails', () => {
  it('hides addresses in any script, in a commit subject, each distinct address by its own stand-in', () => {
    expect(withoutEmails('fix: thing for josé@exämple.com, zoë@test.de and ann@example.com, again ZOË@test.de'))
      .toBe(`fix: thing for ${HIDDEN_EMAIL}, [email hidden 2] and [email hidden 3], again [email hidden 2]`);
    expect(withoutEmails('李@例子.中国 wrote it')).toBe(`${HIDDEN_EMAIL} wrote it`);
  });

  it('keeps two people whose names are addresses apart, with one stand-in each across the files of a site', () => {
    const hide = emailHider();
    const board = withoutEmails({ people: [['alice@corp.example', 'alice@corp.example'], ['zed@other.example', 'zed@other.example']] }, hide);
    expect(board).toEqual({ people: [[HIDDEN_EMAIL, ''], ['[email hidden 2]', '']] });
    // A repository's own board, written with the same hider, names them alike.
    expect(withoutEmails({ people: [['zed@other.example', 'zed@other.example']] }, hide)).toEqual({ people: [['[email hidden 2]', '']] });
  });

  it('keeps a GitHub noreply address as its login, and text that is not an address', () => {
    expect(withoutEmails('by 123+octo-cat@users.noreply.github.com')).toBe('by octo-cat');
    expect(withoutEmails('fix @mention and a@b')).toBe('fix @mention and a@b');
  });
});
