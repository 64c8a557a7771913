import { describe, expect, it } from 'vitest';
import { coAuthorsText } from '../../../web/src/lib/credit-notes.js';

describe("a shared commit on a co-author's card", () => {
  const commit = { co_authors: ['Alice Smith', 'Carol'] };

  it('does not list the viewed person among "with", and says the commit is not theirs', () => {
    expect(coAuthorsText(commit, 'Alice Smith')).toBe('Co-authored, with Carol');
    expect(coAuthorsText(commit, 'Carol')).toBe('Co-authored, with Alice Smith');
    expect(coAuthorsText({ co_authors: ['Alice Smith'] }, 'Alice Smith')).toBe('Co-authored');
  });

  it('names the author when the commit records one', () => {
    expect(coAuthorsText({ ...commit, author: 'Bob' }, 'Alice Smith')).toBe("Bob's commit, with Carol");
    expect(coAuthorsText({ co_authors: ['Alice Smith'], author: 'Bob' }, 'Alice Smith')).toBe("Bob's commit");
  });

  it("keeps 'with ...' on the author's own card", () => {
    expect(coAuthorsText({ ...commit, author: 'Bob' }, 'Bob')).toBe('with Alice Smith, Carol');
    expect(coAuthorsText(commit, 'Bob')).toBe('with Alice Smith, Carol');
    expect(coAuthorsText(commit)).toBe('with Alice Smith, Carol');
  });
});
