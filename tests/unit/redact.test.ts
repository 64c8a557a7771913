import { describe, expect, it } from 'vitest';
import { HIDDEN_EMAIL, withoutEmails } from '../../src/core/site/redact.js';

describe('withoutEmails', () => {
  it('hides addresses in any script, in a commit subject', () => {
    expect(withoutEmails('fix: thing for josé@exämple.com, zoë@test.de and ann@example.com')).toBe(`fix: thing for ${HIDDEN_EMAIL}, ${HIDDEN_EMAIL} and ${HIDDEN_EMAIL}`);
    expect(withoutEmails('李@例子.中国 wrote it')).toBe(`${HIDDEN_EMAIL} wrote it`);
  });

  it('keeps a GitHub noreply address as its login, and text that is not an address', () => {
    expect(withoutEmails('by 123+octo-cat@users.noreply.github.com')).toBe('by octo-cat');
    expect(withoutEmails('fix @mention and a@b')).toBe('fix @mention and a@b');
  });
});
