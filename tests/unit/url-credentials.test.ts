import { describe, expect, it } from 'vitest';
import { withoutUrlCredentials } from '../../src/core/git/run-git.js';

describe('withoutUrlCredentials', () => {
  it('leaves out the user name and password of every URL in a text, and nothing else', () => {
    expect(withoutUrlCredentials("git clone --mirror -- https://x-access-token:ghp_abc@github.com/o/r.git /tmp/r failed: fatal: unable to access 'https://bot:tok@host/r/'"))
      .toBe("git clone --mirror -- https://github.com/o/r.git /tmp/r failed: fatal: unable to access 'https://host/r/'");
    expect(withoutUrlCredentials('ssh://git@example.com:2222/o/r.git and http://user@host/x')).toBe('ssh://example.com:2222/o/r.git and http://host/x');
    expect(withoutUrlCredentials('git@github.com:o/r.git, ann@example.com, https://github.com/o/r')).toBe('git@github.com:o/r.git, ann@example.com, https://github.com/o/r');
  });
});
