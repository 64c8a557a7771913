// Co-authored-by trailers and revert lines, read from commit messages as git defines them.
import { describe, expect, it } from 'vitest';
import { commitPeople } from '../../src/core/credit/people.js';
import { parseCoAuthors, parseRevertTargets, parseTrailers, trailerBlock } from '../../src/core/credit/trailers.js';

const BOTS = { exclude: true, patterns: [] };
const ANN = { name: 'Ann Lee', email: 'ann@example.com' };
const BO = { name: 'Bo Chen', email: 'bo@example.com' };

describe('parseCoAuthors', () => {
  it('reads a trailer in the last paragraph', () => {
    expect(parseCoAuthors('feat: x\n\nBody text.\n\nCo-authored-by: Ann Lee <ann@example.com>\n')).toEqual([ANN]);
  });

  it('takes the token in any case', () => {
    for (const token of ['co-authored-by', 'CO-AUTHORED-BY', 'Co-Authored-By']) {
      expect(parseCoAuthors(`fix: y\n\n${token}: Ann Lee <ann@example.com>`), token).toEqual([ANN]);
    }
  });

  it('allows blanks before the colon, around the value and inside the brackets, and CRLF', () => {
    expect(parseCoAuthors('fix: y\n\nCo-authored-by :   Ann Lee    <ann@example.com>   ')).toEqual([ANN]);
    expect(parseCoAuthors('fix: y\n\nCo-authored-by:Ann Lee<ann@example.com>')).toEqual([ANN]);
    expect(parseCoAuthors('fix: y\n\nCo-authored-by:\tAnn Lee < ann@example.com >')).toEqual([ANN]);
    expect(parseCoAuthors('fix: y\r\n\r\nCo-authored-by: Ann Lee <ann@example.com>\r\n')).toEqual([ANN]);
  });

  it('reads several trailers, among others, each person once', () => {
    const message = [
      'feat: pair on it', '', 'Body.', '',
      'Co-authored-by: Ann Lee <ann@example.com>',
      'Signed-off-by: Zed <zed@example.com>',
      'co-authored-by: Bo Chen <bo@example.com>',
      'Co-authored-by: Ann L. <ANN@example.com>',
    ].join('\n');
    expect(parseCoAuthors(message)).toEqual([ANN, BO]);
  });

  it('ignores a trailer that is not in the trailer block', () => {
    // In the middle of the body, followed by a prose paragraph.
    expect(parseCoAuthors('feat: x\n\nCo-authored-by: Ann Lee <ann@example.com>\n\nMore prose after it.')).toEqual([]);
    // In the title paragraph (no blank line after the subject).
    expect(parseCoAuthors('feat: x\nCo-authored-by: Ann Lee <ann@example.com>')).toEqual([]);
    // In a last paragraph that is mostly prose, without a git-generated trailer.
    expect(parseCoAuthors('feat: x\n\nWe paired on this.\nCo-authored-by: Ann Lee <ann@example.com>')).toEqual([]);
    // Indented: a continuation line, not a trailer.
    expect(parseCoAuthors('feat: x\n\nNote: a\n  Co-authored-by: Ann Lee <ann@example.com>')).toEqual([]);
  });

  it('accepts a mostly-prose last paragraph when it holds a Signed-off-by (git\'s 25% rule)', () => {
    const message = 'feat: x\n\nProse line.\nCo-authored-by: Ann Lee <ann@example.com>\nSigned-off-by: Zed <zed@example.com>';
    expect(parseCoAuthors(message)).toEqual([ANN]);
    const tooMuchProse = 'feat: x\n\nOne.\nTwo.\nThree.\nFour.\nCo-authored-by: Ann Lee <ann@example.com>\nSigned-off-by: Zed <zed@example.com>\nFive.\nSix.\nSeven.';
    expect(parseCoAuthors(tooMuchProse)).toEqual([]);
  });

  it('skips values that are not Name <email>, and uses the email when the name is empty', () => {
    expect(parseCoAuthors('x\n\nCo-authored-by: Ann Lee\nCo-authored-by: <solo@example.com>')).toEqual([{ name: 'solo@example.com', email: 'solo@example.com' }]);
  });

  it('joins continuation lines and keeps trailing comment lines out', () => {
    expect(parseTrailers('x\n\nReviewed-by: Zed\n  and Ann\nCo-authored-by: Bo Chen <bo@example.com>\n# a comment\n')).toEqual([
      { token: 'Reviewed-by', value: 'Zed and Ann' },
      { token: 'Co-authored-by', value: 'Bo Chen <bo@example.com>' },
    ]);
    expect(trailerBlock('just a subject')).toEqual([]);
  });
});

describe('commitPeople (author, then co-authors, as one person each)', () => {
  const commit = (coAuthors: { name: string; email: string }[]) => ({ author: ANN.name, email: ANN.email, co_authors: coAuthors });

  it('leaves out bots, the author themself and repeats', () => {
    const people = commitPeople(commit([
      { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' },
      { name: 'Ann Lee', email: 'other@example.com' },
      { name: 'Ann again', email: 'ANN@example.com' },
      BO,
      { name: 'Bo Chen', email: 'bo@elsewhere.org' },
      { name: 'Helper', email: 'ci-helper@example.com' },
    ]), { exclude: true, patterns: ['ci-helper'] });
    expect(people).toEqual([ANN, BO]);
  });

  it('keeps bots when bots are not excluded', () => {
    const bot = { name: 'renovate[bot]', email: 'bot@renovateapp.com' };
    expect(commitPeople(commit([bot]), { exclude: false, patterns: [] })).toEqual([ANN, bot]);
    expect(commitPeople(commit([bot]), BOTS)).toEqual([ANN]);
  });
});

describe('parseRevertTargets', () => {
  const A = 'a'.repeat(40);
  const B = 'b'.repeat(40);

  it("reads git's own wording", () => {
    expect(parseRevertTargets(`Revert "feat: x"\n\nThis reverts commit ${A}.\n`)).toEqual([A]);
  });

  it('reads several hashes: several lines, or a list', () => {
    expect(parseRevertTargets(`Revert two\n\nThis reverts commit ${A}.\nThis reverts commit ${B}.`)).toEqual([A, B]);
    expect(parseRevertTargets(`Revert three\n\nThis reverts commits ${A}, ${B} and 1234567.`)).toEqual([A, B, '1234567']);
  });

  it('reads abbreviated and upper-case hashes, and the merge form', () => {
    expect(parseRevertTargets('Revert\n\nThis reverts commit 1A2B3C4D.')).toEqual(['1a2b3c4d']);
    expect(parseRevertTargets(`Revert\n\nThis reverts commit ${A}, reversing\nchanges made to ${B}.`)).toEqual([A]);
  });

  it('finds nothing in other messages', () => {
    expect(parseRevertTargets('fix: revert the colour change')).toEqual([]);
    expect(parseRevertTargets('This reverts commit abc.')).toEqual([]);
  });
});
