import { describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { addContribution, addContributor, contributionsInPeriod } from '../../src/core/manual-contributions.js';
import { manualContributionsFileSchema, type Contribution, type ManualContributionsFile } from '../../src/shared/manual-contributions.js';

const c = (score: number, start_date: string | null, end_date: string | null, notes = ''): Contribution => ({ score, notes, start_date, end_date });
const fileWith = (contributors: ManualContributionsFile['contributors']): ManualContributionsFile => ({ contributors });

// Week 2025-W10 is Monday 2025-03-03 .. Sunday 2025-03-09.
const W = '2025-W10';
const scoreIn = (contribution: Contribution): number | undefined =>
  contributionsInPeriod(fileWith({ Ada: { contributions: [contribution] } }), 'weekly', W).get('Ada')?.score;

describe('contributionsInPeriod overlap', () => {
  it.each([
    ['inside', c(5, '2025-03-04', '2025-03-05'), 5],
    ['covering the whole period', c(5, '2025-01-01', '2025-12-31'), 5],
    ['straddling the start', c(5, '2025-02-25', '2025-03-04'), 5],
    ['straddling the end', c(5, '2025-03-08', '2025-03-20'), 5],
    ['open start, ending inside', c(5, null, '2025-03-05'), 5],
    ['open end, starting inside', c(5, '2025-03-05', null), 5],
    ['open start, ending after', c(5, null, '2026-01-01'), 5],
    ['open end, starting before', c(5, '2020-01-01', null), 5],
    ['both null', c(5, null, null), 5],
    ['ending on the first day', c(5, '2025-02-01', '2025-03-03'), 5],
    ['starting on the last day', c(5, '2025-03-09', '2025-04-01'), 5],
    ['a single day on the boundary', c(5, '2025-03-09', '2025-03-09'), 5],
    ['ending the day before', c(5, '2025-02-01', '2025-03-02'), undefined],
    ['starting the day after', c(5, '2025-03-10', '2025-04-01'), undefined],
    ['open start, ending before', c(5, null, '2025-03-02'), undefined],
    ['open end, starting after', c(5, '2025-03-10', null), undefined],
  ])('%s', (_name, contribution, expected) => {
    expect(scoreIn(contribution)).toBe(expected);
  });

  it('works for monthly and quarterly periods', () => {
    const file = fileWith({ Ada: { contributions: [c(7, '2025-03-31', '2025-04-01')] } });
    expect(contributionsInPeriod(file, 'monthly', '2025-03').get('Ada')?.score).toBe(7);
    expect(contributionsInPeriod(file, 'monthly', '2025-04').get('Ada')?.score).toBe(7);
    expect(contributionsInPeriod(file, 'monthly', '2025-05').has('Ada')).toBe(false);
    expect(contributionsInPeriod(file, 'quarterly', '2025-Q1').get('Ada')?.score).toBe(7);
    expect(contributionsInPeriod(file, 'quarterly', '2025-Q2').get('Ada')?.score).toBe(7);
    expect(contributionsInPeriod(file, 'quarterly', '2025-Q3').has('Ada')).toBe(false);
  });

  it('sums the overlapping scores, joins non-empty notes with "; " and carries the email', () => {
    const file = fileWith({
      Ada: { email: 'ada@example.com', contributions: [c(10, null, null, 'talk'), c(5, '2025-03-04', '2025-03-04', ''), c(3, '2025-03-05', null, '  blog  '), c(99, '2024-01-01', '2024-01-02', 'old')] },
      Bob: { contributions: [c(1, '2030-01-01', null, 'future')] },
    });
    const got = contributionsInPeriod(file, 'weekly', W);
    expect([...got.keys()]).toEqual(['Ada']);
    expect(got.get('Ada')).toEqual({ score: 18, notes: 'talk; blog', email: 'ada@example.com' });
  });

  it('reads the shape written by the older tool', () => {
    const real = manualContributionsFileSchema.parse({
      _instructions: 'Manually assign additional contribution scores here.',
      contributors: { 'Kobe Chen': { contributions: [{ score: 100, notes: '', start_date: '2025-10-17', end_date: '2025-10-19' }] } },
    });
    expect(contributionsInPeriod(real, 'weekly', '2025-W42').get('Kobe Chen')).toEqual({ score: 100, notes: '' });
    expect(contributionsInPeriod(real, 'weekly', '2025-W43').has('Kobe Chen')).toBe(false);
  });
});

const expectError = (fn: () => unknown, code: string, message: string | RegExp): void => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(LeaderboardError);
    expect((err as LeaderboardError).code).toBe(code);
    if (typeof message === 'string') expect((err as Error).message).toBe(message);
    else expect((err as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected an error');
};

describe('addContribution', () => {
  const base = (): ManualContributionsFile => ({ _instructions: 'keep me', contributors: { Ada: { email: 'old@example.com', contributions: [c(5, null, null, 'first')] } } });

  it('appends to an existing contributor without mutating the input', () => {
    const before = base();
    const snapshot = structuredClone(before);
    const after = addContribution(before, { name: 'Ada', score: 10, notes: 'talk', start: '2025-01-01', end: '2025-01-31' });
    expect(before).toEqual(snapshot);
    expect(after._instructions).toBe('keep me');
    expect(after.contributors.Ada).toEqual({
      email: 'old@example.com',
      contributions: [c(5, null, null, 'first'), c(10, '2025-01-01', '2025-01-31', 'talk')],
    });
  });

  it('one name composed otherwise (NFC or NFD) is the same contributor: added to, refused as new, counted once', () => {
    const composed = 'Zoë Ünicode';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const file = fileWith({ [composed]: { contributions: [c(5, null, null, 'talk')] } });
    expect(Object.keys(addContribution(file, { name: decomposed, score: 2 }).contributors)).toEqual([composed]);
    expect(() => addContributor(file, { name: decomposed, score: 2 })).toThrow(`Contributor "${composed}" already exists.`);
    // A file that holds both spellings (made by hand, or before): one person on the board, both counted.
    const both = fileWith({ [composed]: { contributions: [c(5, null, null, 'talk')] }, [decomposed]: { contributions: [c(2, null, null, 'paper')] } });
    expect([...contributionsInPeriod(both, 'weekly', W)]).toEqual([[composed, { score: 7, notes: 'talk; paper' }]]);
  });

  it('creates a new contributor, with open dates and empty notes by default', () => {
    const after = addContribution(base(), { name: '  Grace  ', score: 3 });
    expect(after.contributors.Grace).toEqual({ contributions: [c(3, null, null, '')] });
    expect(addContribution(base(), { name: 'G', score: 3, start: '', end: null }).contributors.G?.contributions[0]).toEqual(c(3, null, null));
  });

  it('sets or updates the email when given, keeps it otherwise', () => {
    expect(addContribution(base(), { name: 'Ada', score: 1, email: 'new@example.com' }).contributors.Ada).toMatchObject({ email: 'new@example.com' });
    expect(addContribution(base(), { name: 'Ada', score: 1, email: '' }).contributors.Ada).toMatchObject({ email: 'old@example.com' });
    expect(addContribution(base(), { name: 'Zed', score: 1, email: 'z@example.com' }).contributors.Zed).toMatchObject({ email: 'z@example.com' });
  });

  it('keeps a contributor named like an Object.prototype member as an ordinary entry', () => {
    const after = addContribution(fileWith({}), { name: 'constructor', score: 2 });
    expect(Object.keys(after.contributors)).toEqual(['constructor']);
    expect(contributionsInPeriod(after, 'weekly', W).get('constructor')?.score).toBe(2);
    // Read back from the file as well.
    const reread = manualContributionsFileSchema.parse(JSON.parse(JSON.stringify(after)));
    expect(Object.keys(reread.contributors)).toEqual(['constructor']);
  });

  it('refuses "__proto__", which a JSON object cannot keep as a key', () => {
    expectError(() => addContribution(fileWith({}), { name: '__proto__', score: 2 }), 'INVALID_INPUT', 'Contributor name "__proto__" is reserved; choose another name');
  });

  it.each([[''], ['   ']])('refuses the empty name %j', (name) => {
    expectError(() => addContribution(base(), { name, score: 1 }), 'INVALID_INPUT', 'Contributor name is required');
  });

  it.each([[0], [-3], [2.5], [Number.NaN]])('refuses the score %s', (score) => {
    expectError(() => addContribution(base(), { name: 'Ada', score }), 'INVALID_INPUT', 'Score must be greater than 0');
  });

  it('refuses an absurdly large score', () => {
    expectError(() => addContribution(base(), { name: 'Ada', score: 100_001 }), 'INVALID_INPUT', 'Score must be at most 100000');
  });

  it.each([['2025-1-5'], ['2025-02-30'], ['05/01/2025'], ['tomorrow']])('refuses the malformed start date %s', (start) => {
    expectError(() => addContribution(base(), { name: 'Ada', score: 1, start }), 'INVALID_INPUT', /^Start date ".*" is not a valid date: write it as YYYY-MM-DD/);
  });

  it('names the end date when that one is malformed', () => {
    expectError(() => addContribution(base(), { name: 'Ada', score: 1, end: '2025-13-01' }), 'INVALID_INPUT', /^End date "2025-13-01" .*YYYY-MM-DD/);
  });

  it('refuses an end before the start and accepts a single day', () => {
    expectError(() => addContribution(base(), { name: 'Ada', score: 1, start: '2025-02-01', end: '2025-01-31' }), 'INVALID_INPUT', 'End date 2025-01-31 is before start date 2025-02-01');
    expect(addContribution(base(), { name: 'Ada', score: 1, start: '2025-02-01', end: '2025-02-01' }).contributors.Ada?.contributions).toHaveLength(2);
  });

  it('produces a file the shared schema accepts', () => {
    const after = addContribution(base(), { name: 'Ada', score: 1, notes: 'n', start: '2025-01-01' });
    expect(manualContributionsFileSchema.parse(after)).toEqual(after);
  });
});

describe('addContributor', () => {
  const base = (): ManualContributionsFile => fileWith({ Ada: { contributions: [c(5, null, null)] } });

  it('creates a new contributor with one contribution', () => {
    const after = addContributor(base(), { name: 'Grace', score: 20, notes: 'paper', email: 'g@example.com', start: '2025-05-01' });
    expect(after.contributors.Grace).toEqual({ email: 'g@example.com', contributions: [c(20, '2025-05-01', null, 'paper')] });
    expect(Object.keys(after.contributors)).toEqual(['Ada', 'Grace']);
  });

  // The page's message names its "Add Contribution" button; the command line's names its command.
  it('refuses an existing name as a usage error naming add-contribution', () => {
    expectError(() => addContributor(base(), { name: 'Ada', score: 5 }), 'INVALID_INPUT', 'Contributor "Ada" already exists.');
    expectError(() => addContributor(base(), { name: ' Ada ', score: 5 }), 'INVALID_INPUT', /"Ada" already exists/);
    expect(() => addContributor(base(), { name: 'Ada', score: 5 })).toThrow(expect.objectContaining({ hint: 'Add to their score with `leaderboard add-contribution "Ada" --score N`.' }));
  });

  it('refuses a name that differs only in letter case, naming the existing spelling, as the page does', () => {
    expectError(() => addContributor(base(), { name: 'ada', score: 5 }), 'INVALID_INPUT', 'Contributor "Ada" already exists.');
  });

  it('uses the initial-score message and the shared name message', () => {
    expectError(() => addContributor(base(), { name: 'Grace', score: 0 }), 'INVALID_INPUT', 'Initial contribution score must be greater than 0');
    expectError(() => addContributor(base(), { name: '', score: 5 }), 'INVALID_INPUT', 'Contributor name is required');
  });

  it('validates dates the same way', () => {
    expectError(() => addContributor(base(), { name: 'Grace', score: 5, start: '2025-03-02', end: '2025-03-01' }), 'INVALID_INPUT', /before start date/);
  });
});

describe('the manual file\'s names and fields', () => {
  const issues = (value: unknown): string[] => {
    const parsed = manualContributionsFileSchema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('refuses two names that are one once trimmed, naming both, instead of keeping one', () => {
    const file = { contributors: { Ann: { contributions: [c(20, null, null, 'talk')] }, 'Ann ': { contributions: [c(35, null, null, 'paper')] } } };
    expect(issues(file)).toEqual(['contributors.Ann : "Ann" and "Ann " are one name once the spaces around it are removed; move the contributions of one to the other']);
  });

  it('still trims a single name with spaces around it', () => {
    expect(Object.keys(manualContributionsFileSchema.parse({ contributors: { ' Ann ': { contributions: [] } } }).contributors)).toEqual(['Ann']);
  });

  it('refuses a field that looks like a known one, which would be ignored, and says which', () => {
    expect(issues({ contributors: { Bob: { contributions: [{ score: 10, start: '2025-01-01', end: '2025-01-31' }] } } })).toEqual([
      'contributors.Bob.contributions.0.start: unknown field "start", which would be ignored: write "start_date"',
      'contributors.Bob.contributions.0.end: unknown field "end", which would be ignored: write "end_date"',
    ]);
    expect(issues({ contributors: { Bob: { contribution: [{ score: 50 }] } } })).toEqual(['contributors.Bob.contribution: unknown field "contribution", which would be ignored: write "contributions"']);
    expect(issues({ contributors: { Bob: { contributions: [{ score: 5, startDate: '2025-01-01' }] } } })).toEqual(['contributors.Bob.contributions.0.startDate: unknown field "startDate", which would be ignored: write "start_date"']);
  });

  it('refuses a misspelt or recased contributors key, which emptied the file, and typos of other fields', () => {
    expect(issues({ contributers: { Ann: { contributions: [] } } })).toEqual(['contributers: unknown field "contributers", which would be ignored: write "contributors"']);
    expect(issues({ Contributors: {} })).toEqual(['Contributors: unknown field "Contributors", which would be ignored: write "contributors"']);
    expect(issues({ contributors: { Bob: { emial: 'b@example.com', contributions: [{ score: 5, sccore: 3 }] } } })).toEqual([
      'contributors.Bob.contributions.0.sccore: unknown field "sccore", which would be ignored: write "score"',
    ]);
    // Short fields of one's own, and the file's own notes, are not typos.
    expect(issues({ _instructions: 'x', _scoring_guide: {}, contributors: { Bob: { contributions: [{ score: 5, store: 'x', url: 'u' }] } } })).toEqual([]);
  });

  it('keeps other fields added by hand, on records and on contributions', () => {
    const file = { contributors: { Ann: { link: 'https://example.com', contributions: [{ score: 5, notes: '', start_date: null, end_date: null, approved_by: 'lead' }] } } };
    const after = addContribution(manualContributionsFileSchema.parse(file), { name: 'Ann', score: 3 });
    expect(after.contributors.Ann).toEqual({ link: 'https://example.com', contributions: [{ ...c(5, null, null), approved_by: 'lead' }, c(3, null, null)] });
  });
});
