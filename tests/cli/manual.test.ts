/**
 * `leaderboard add-contribution` and `leaderboard export` through the built CLI: validation,
 * the manual file, rebuilding the leaderboards from the cache without reading git, and backups.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardData } from '../../src/shared/data-file.js';
import type { TestAuthor, TestRepo } from '../support/git-repo.js';
import { bytesOf, cli, dataFiles, hasStackTrace, lines, readData, readJson, readRawData , tempResources } from './helpers.js';

const FIXTURE = path.resolve('tests/fixtures/real-manual-contributions.json');
const ALICE: TestAuthor = { name: 'Alice Example', email: 'alice@example.com' };
const BOB: TestAuthor = { name: 'Bob Builder', email: 'bob@example.com' };

const { newRepo, tempDir } = tempResources();

const entry = (data: LeaderboardData, type: 'weekly' | 'monthly' | 'quarterly', label: string, name: string) =>
  data.leaderboards[type][label]?.find((e) => e.name === name);

interface ManualFile {
  contributors: Record<string, { email?: string; contributions: { score: number; notes: string; start_date: string | null; end_date: string | null }[] }>;
  [key: string]: unknown;
}

let repo: TestRepo;
let dataDir: string;
let files: ReturnType<typeof dataFiles>;
let head: string;

beforeAll(async () => {
  repo = await newRepo();
  dataDir = path.join(repo.dir, '.leaderboard');
  files = dataFiles(dataDir);
  await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: add a', author: ALICE, date: '2025-01-08T10:00:00Z' });
  await repo.commit({ files: { 'b.ts': 'b\n' }, message: 'fix: b', author: BOB, date: '2025-02-04T10:00:00Z' });
  await repo.commit({ files: { 'c.ts': 'c\n' }, message: 'fix: c', author: ALICE, date: '2025-04-02T10:00:00Z' });
  // Kobe Chen's talk in the fixture is 2025-10-17..19: week 2025-W42 (Oct 13-19).
  head = await repo.commit({ files: { 'd.ts': 'd\n' }, message: 'fix: d', author: BOB, date: '2025-10-15T10:00:00Z' });
  await mkdir(dataDir, { recursive: true });
  await copyFile(FIXTURE, files.manual);
  const r = cli(repo.dir, ['refresh', '--all']);
  expect(r.code).toBe(0);
});

describe('refresh with manual contributions', () => {
  it('reads the real manual-contributions.json shape: a contributor with no commits appears with zero commits', () => {
    const data = readData(dataDir);
    for (const [type, label] of [['weekly', '2025-W42'], ['monthly', '2025-10'], ['quarterly', '2025-Q4']] as const) {
      expect(entry(data, type, label, 'Kobe Chen'), `${type} ${label}`).toMatchObject({
        email: '', total_commits: 0, significant_commits: 0, simple_commits: 0, commit_score: 0,
        additional_contribution_score: 100, additional_contribution_notes: '', total_score: 100, avg_score: 0, commits: [],
      });
    }
    // Ranked above Bob's single commit in that week.
    expect(data.leaderboards.weekly['2025-W42']?.map((e) => [e.name, e.rank])).toEqual([['Kobe Chen', 1], [BOB.name, 2]]);
    // Manual scores land only in periods they overlap, and create none.
    expect(entry(data, 'monthly', '2025-01', 'Kobe Chen')).toBeUndefined();
    expect(Object.keys(data.leaderboards.weekly)).toEqual(['2025-W02', '2025-W06', '2025-W14', '2025-W42']);
  });
});

describe('add-contribution refuses bad input', () => {
  const cases: [string, string[], string][] = [
    ['an empty name', ['', '--score', '5'], 'Error: Contributor name is required'],
    ['a blank name', ['   ', '--score', '5'], 'Error: Contributor name is required'],
    ['a zero score', ['Zed', '--score', '0'], 'Error: Score must be greater than 0'],
    ['a negative score', ['Zed', '--score', '-3'], 'Error: Score must be greater than 0'],
    ['a negative score (--score=)', ['Zed', '--score=-3'], 'Error: Score must be greater than 0'],
    ['a fractional score', ['Zed', '--score', '2.5'], 'Error: Score must be a whole number greater than 0, got "2.5"'],
    ['a score that is not a number', ['Zed', '--score', 'ten'], 'Error: Score must be a whole number greater than 0, got "ten"'],
    ['an impossible start date', ['Zed', '--score', '5', '--start', '2025-02-30'], 'Error: Start date "2025-02-30" is not a valid date: write it as YYYY-MM-DD'],
    ['a malformed end date', ['Zed', '--score', '5', '--end', '31/01/2025'], 'Error: End date "31/01/2025" is not a valid date: write it as YYYY-MM-DD'],
    ['an end before the start', ['Zed', '--score', '5', '--start', '2025-03-10', '--end', '2025-03-01'], 'Error: End date 2025-03-01 is before start date 2025-03-10'],
    ['an email that is not one', ['Zed', '--score', '5', '--email', 'notanemail'], 'Error: Email "notanemail" is not an email address: write it as name@domain (for example ada@example.com)'],
    ['an email with no domain', ['Zed', '--score', '5', '--email', 'zed@'], 'Error: Email "zed@" is not an email address'],
    ['an email with two @', ['Zed', '--score', '5', '--email', 'zed@host@example.com'], 'Error: Email "zed@host@example.com" is not an email address'],
    ['an email with a space', ['Zed', '--score', '5', '--email', 'Zed <zed@example.com>'], 'Error: Email "Zed <zed@example.com>" is not an email address'],
  ];
  for (const [what, args, message] of cases) {
    it(`refuses ${what} with exit 2 and leaves the files alone`, () => {
      const before = { manual: bytesOf(files.manual), data: bytesOf(files.data) };
      const r = cli(repo.dir, ['add-contribution', ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)[0]).toContain(message);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(bytesOf(files.manual)).toBe(before.manual);
      expect(bytesOf(files.data)).toBe(before.data);
    });
  }
});

describe('add-contribution', () => {
  it('writes the manual file and rebuilds the leaderboards from the cache, without reading the history', async () => {
    // A commit the rebuild must not see: it would only show up if git history were read.
    const unseen = await repo.commit({ files: { 'e.ts': 'e\n' }, message: 'feat: unseen', author: ALICE, date: '2025-01-09T10:00:00Z' });
    // A git that logs every call before running the real one.
    const bin = await tempDir('lb-cli-gitlog-');
    const log = path.join(bin, 'calls.log');
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    await writeFile(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
    chmodSync(path.join(bin, 'git'), 0o755);

    const r = cli(repo.dir, ['add-contribution', ALICE.name, '--score', '30', '--notes', 'KubeCon talk', '--start', '2025-01-01', '--end', '2025-01-31', '--email', 'alice@talks.example'], {
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`Added 30 points for ${ALICE.name}. Leaderboards rebuilt.`);

    // git was asked where the repository is, and nothing about its history.
    const calls = lines(readFileSync(log, 'utf8'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatch(/rev-parse --show-toplevel$/);

    const manual = readJson<ManualFile>(files.manual);
    expect(manual._instructions).toEqual(expect.any(String));
    expect(Object.keys(manual.contributors)).toEqual(['Kobe Chen', ALICE.name]);
    expect(manual.contributors[ALICE.name]).toEqual({
      email: 'alice@talks.example',
      contributions: [{ score: 30, notes: 'KubeCon talk', start_date: '2025-01-01', end_date: '2025-01-31' }],
    });

    const raw = readRawData(dataDir);
    expect(raw.metadata.head).toBe(head);
    expect(raw.commits.map((c) => c.full_hash)).not.toContain(unseen);
    // Open pages are told: the status keeps the refresh's time and names the rebuilt board's.
    const status = readJson<{ timestamp: string; rebuiltAt?: string }>(path.join(dataDir, 'last-update.json'));
    expect(status.rebuiltAt).toBe(raw.last_updated);
    expect(Date.parse(status.timestamp)).toBeLessThan(Date.parse(status.rebuiltAt!));
    const data = readData(dataDir);
    for (const [type, label] of [['weekly', '2025-W02'], ['monthly', '2025-01'], ['quarterly', '2025-Q1']] as const) {
      const alice = entry(data, type, label, ALICE.name);
      expect(alice, `${type} ${label}`).toMatchObject({ total_commits: 1, additional_contribution_score: 30, additional_contribution_notes: 'KubeCon talk' });
      expect(alice?.total_score).toBe((alice?.commit_score ?? 0) + 30);
    }
    // Outside January: nothing added, and no entry created where Alice has no commits.
    expect(entry(data, 'monthly', '2025-04', ALICE.name)).toMatchObject({ additional_contribution_score: 0, additional_contribution_notes: '' });
    expect(entry(data, 'monthly', '2025-02', ALICE.name)).toBeUndefined();
    // The entry keeps the email of the newest commit.
    expect(entry(data, 'monthly', '2025-01', ALICE.name)?.email).toBe(ALICE.email);
  });

  it('refuses a name that is not on the board but looks like one there (another case, a slip), and a new contributor who is on it', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: add a', author: ALICE, date: '2025-01-08T10:00:00Z' });
    await own.commit({ files: { 'b.ts': 'b\n' }, message: 'fix: b', author: BOB, date: '2025-02-04T10:00:00Z' });
    await own.commit({ files: { 'c.ts': 'c\n' }, message: 'fix: c', author: { name: 'Bea', email: 'bea@example.com' }, date: '2025-02-05T10:00:00Z' });
    expect(cli(own.dir, ['refresh', '--all']).code).toBe(0);
    const manualFile = dataFiles(path.join(own.dir, '.leaderboard')).manual;
    expect(cli(own.dir, ['add-contribution', 'Carol Mentor', '--score', '2']).code).toBe(0);
    const before = bytesOf(manualFile);
    // A slip: two neighbouring letters swapped, or one letter added or dropped, in a short name too
    // (one letter changed only from five letters: Bob and Rob are two people).
    const slips: Record<string, string> = { 'Alice Exmaple': ALICE.name, 'Alice Exampel': ALICE.name, Bae: 'Bea', Beaa: 'Bea', Be_a: 'Bea' };
    for (const typed of [ALICE.name.toLowerCase(), 'carol mentor', ...Object.keys(slips)]) {
      const r = cli(own.dir, ['add-contribution', typed, '--score', '5']);
      expect(r.code, typed).toBe(2);
      const like = slips[typed] ?? (typed === 'carol mentor' ? 'Carol Mentor' : ALICE.name);
      expect(r.stderr).toContain(`Error: No contributor is named "${typed}", but "${like}" is: it would be a second person.`);
      // Only a slip may be someone new: another case is the same name to contributor add too.
      expect(r.stderr).toContain(typed in slips
        ? `Hint: Use "${like}", or \`leaderboard contributor add "${typed}" --score N\` to add a new contributor of that name.`
        : `Hint: Use "${like}".\n`);
    }
    // A usage error (exit 2) in the command line's words, not the page's ("Use the "Add Contribution" button").
    for (const [typed, message] of [
      [BOB.name, `Contributor "${BOB.name}" already exists on the board.`],
      [BOB.name.toUpperCase(), `Contributor "${BOB.name}" already exists on the board.`],
      ['carol mentor', 'Contributor "Carol Mentor" already exists.'],
    ]) {
      const r = cli(own.dir, ['contributor', 'add', typed!, '--score', '5']);
      expect(r.code, typed).toBe(2);
      const existing = /"(.*)"/.exec(message!)?.[1];
      expect(r.stderr).toBe(`Error: ${message}\nHint: Add to their score with \`leaderboard add-contribution "${existing}" --score N\`.\n`);
    }
    expect(bytesOf(manualFile)).toBe(before);
    // Names apart only in their digits are meant apart; a name like no other is a new contributor.
    expect(cli(own.dir, ['add-contribution', 'Meetup 2024', '--score', '1']).code).toBe(0);
    expect(cli(own.dir, ['add-contribution', 'Meetup 2025', '--score', '1']).code).toBe(0);
    // Too short to tell a slip from another name, and one letter changed in a short name.
    expect(cli(own.dir, ['add-contribution', 'Be', '--score', '1']).code).toBe(0);
    expect(cli(own.dir, ['add-contribution', 'Bex', '--score', '1']).code).toBe(0);
    // Someone else whose name is a slip of one on the board is added as new, then is known.
    expect(cli(own.dir, ['contributor', 'add', 'Beaa', '--score', '1']).code).toBe(0);
    expect(cli(own.dir, ['add-contribution', 'Beaa', '--score', '1']).code).toBe(0);
  });

  it("refuses an email that is someone else's (on the board or in the file), changing nothing; the person's own in another case is theirs", async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: add a', author: ALICE, date: '2025-01-08T10:00:00Z' });
    await own.commit({ files: { 'b.ts': 'b\n' }, message: 'fix: b', author: BOB, date: '2025-02-04T10:00:00Z' });
    expect(cli(own.dir, ['refresh', '--all']).code).toBe(0);
    const manualFile = dataFiles(path.join(own.dir, '.leaderboard')).manual;
    // Dated after every period: in the file only, not on the board.
    expect(cli(own.dir, ['contributor', 'add', 'Dee', '--score', '2', '--email', 'dee@example.com', '--start', '2030-01-01']).code).toBe(0);
    const before = bytesOf(manualFile);
    for (const [command, self, email, owner, where] of [
      [['add-contribution'], BOB.name, 'Alice@Example.com', ALICE.name, 'on the board'],
      [['contributor', 'add'], 'Eve', 'dee@example.com', 'Dee', 'in manual-contributions.json'],
    ] as const) {
      const r = cli(own.dir, [...command, self, '--score', '5', '--email', email]);
      expect(r.code, command.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`Error: Email "${email}" is ${owner}'s (${where}): ${self} would show another person's address.\n`
        + `Hint: Pass ${self}'s own address, or leave --email out. If they are one person, add to "${owner}", or join the two names with identities in leaderboard.config.json.\n`);
    }
    expect(bytesOf(manualFile)).toBe(before);
    expect(cli(own.dir, ['add-contribution', ALICE.name, '--score', '5', '--email', 'ALICE@example.com']).code).toBe(0);
    expect(readJson<ManualFile>(manualFile).contributors[ALICE.name]?.email).toBe('ALICE@example.com');
  });

  it('refuses a manual contribution under a name identities makes another name of someone (it was a second person)', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: add a', author: ALICE, date: '2025-01-08T10:00:00Z' });
    await own.writeFile('leaderboard.config.json', JSON.stringify({ identities: { [ALICE.name]: ['ali', 'ali@old.example'] } }));
    expect(cli(own.dir, ['refresh', '--all']).code).toBe(0);
    for (const args of [['add-contribution', 'ali', '--score', '5'], ['contributor', 'add', 'ali', '--score', '5']]) {
      const r = cli(own.dir, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`Error: "ali" is another name of "${ALICE.name}" (identities in leaderboard.config.json): a contribution under it would be a second person.`);
      expect(r.stderr).toContain(`Hint: Use "${ALICE.name}".`);
    }
    expect(cli(own.dir, ['add-contribution', ALICE.name, '--score', '5']).code).toBe(0);
    // Nor may a file imported hold it.
    const file = path.join(await tempDir('lb-alias-import-'), 'manual.json');
    await writeFile(file, JSON.stringify({ contributors: { ali: { contributions: [{ score: 5, notes: '', start_date: null, end_date: null }] } } }));
    const imported = cli(own.dir, ['import', file]);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain(`names "ali" (another name of "${ALICE.name}" in identities): each would be a second person beside the one on the board.`);
  });

  it("counts a record the file holds under another name identities gives someone (made before the config said so) as that person's", async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: add a', author: ALICE, date: '2025-01-08T10:00:00Z' });
    const dataDir = path.join(own.dir, '.leaderboard');
    await mkdir(dataDir, { recursive: true });
    const manual = { contributors: {
      ali: { email: 'ali@old.example', contributions: [{ score: 30, notes: 'Talk', start_date: '2025-01-06', end_date: '2025-01-12' }] },
      [ALICE.name]: { contributions: [{ score: 5, notes: 'Review day', start_date: '2025-01-06', end_date: '2025-01-12' }] },
    } };
    await writeFile(dataFiles(dataDir).manual, `${JSON.stringify(manual, null, 2)}\n`);
    const before = bytesOf(dataFiles(dataDir).manual);
    await own.writeFile('leaderboard.config.json', JSON.stringify({ identities: { [ALICE.name]: ['ali'] } }));
    const r = cli(own.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 contributor');
    const data = readData(dataDir);
    expect(data.leaderboards.weekly['2025-W02']?.map((e) => [e.name, e.email, e.additional_contribution_score, e.additional_contribution_notes])).toEqual([
      [ALICE.name, ALICE.email, 35, 'Talk; Review day'],
    ]);
    // The file keeps its records as they are: the admin panel lists them so.
    expect(bytesOf(dataFiles(dataDir).manual)).toBe(before);
  });

  it('refuses a manual file that lists a name twice (a merge of two branches), in a refresh, an import and a save, changing nothing', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: add a', author: ALICE, date: '2025-01-08T10:00:00Z' });
    expect(cli(own.dir, ['refresh', '--all']).code).toBe(0);
    const ownFiles = dataFiles(path.join(own.dir, '.leaderboard'));
    const twice = '{\n  "contributors": {\n    "Ann": { "contributions": [{ "score": 5 }] },\n    "Ann": { "contributions": [{ "score": 7 }] }\n  }\n}\n';
    const board = bytesOf(ownFiles.data);
    const imported = path.join(await tempDir('lb-twice-'), 'twice.json');
    await writeFile(imported, twice);
    const importing = cli(own.dir, ['import', imported]);
    expect(importing.code).toBe(2);
    expect(importing.stderr).toContain(`Error: ${imported} lists "Ann" twice in contributors (lines 3 and 4): only the last would be read, and the first lost.`);
    expect(importing.stderr).toContain('Hint: Merge the two into one (their contributions in one list), then run the command again.');
    await writeFile(ownFiles.manual, twice);
    for (const args of [['refresh', '--all'], ['add-contribution', ALICE.name, '--score', '1']]) {
      const r = cli(own.dir, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('lists "Ann" twice in contributors (lines 3 and 4)');
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    expect(readFileSync(ownFiles.manual, 'utf8')).toBe(twice);
    expect(bytesOf(ownFiles.data)).toBe(board);
  });

  it('adds a contributor with no commits, who appears with zero commits where the dates overlap', () => {
    const first = cli(repo.dir, ['add-contribution', 'Carol Mentor', '--score', '12', '--notes', 'mentoring', '--start', '2025-02-01', '--end', '2025-02-28', '--email', 'carol@example.com']);
    expect(first.code).toBe(0);
    const second = cli(repo.dir, ['add-contribution', 'Carol Mentor', '--score', '3', '--notes', 'reviews']);
    expect(second.code).toBe(0);
    const data = readData(dataDir);
    for (const [type, label] of [['weekly', '2025-W06'], ['monthly', '2025-02']] as const) {
      expect(entry(data, type, label, 'Carol Mentor'), `${type} ${label}`).toMatchObject({
        email: 'carol@example.com', total_commits: 0, commit_score: 0, additional_contribution_score: 15,
        additional_contribution_notes: 'mentoring; reviews', total_score: 15, commits: [],
      });
    }
    // The open-ended one counts everywhere; the February one does not reach April.
    expect(entry(data, 'monthly', '2025-04', 'Carol Mentor')).toMatchObject({ additional_contribution_score: 3, additional_contribution_notes: 'reviews' });
    expect(entry(data, 'weekly', '2025-W02', 'Carol Mentor')).toMatchObject({ additional_contribution_score: 3 });
    const feb = data.leaderboards.monthly['2025-02'] ?? [];
    expect(feb.map((e) => e.rank)).toEqual(feb.map((_, i) => i + 1));
    expect(readJson<ManualFile>(files.manual).contributors['Carol Mentor']?.contributions).toHaveLength(2);
  });

  it('saves a contribution whose dates no period overlaps, and says it shows on no leaderboard', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: add a', author: ALICE, date: '2025-01-08T10:00:00Z' });
    await own.commit({ files: { 'b.ts': 'b\n' }, message: 'fix: b', author: BOB, date: '2025-02-04T10:00:00Z' });
    expect(cli(own.dir, ['refresh', '--all']).code).toBe(0);
    const ownDir = path.join(own.dir, '.leaderboard');
    // The periods are 2025-W02 and W06, 2025-01 and 02, and 2025-Q1: January 1 to March 31.
    const note = (dates: string) => `Note: no period on the leaderboards overlaps this contribution's dates (${dates}; their periods run from 2025-01-01 to 2025-03-31), so it shows on no leaderboard until one does.`;
    for (const [args, added, dates] of [
      [['contributor', 'add', 'Dave', '--score', '3', '--start', '2030-01-01'], 'Added contributor Dave with 3 points.', 'from 2030-01-01'],
      [['add-contribution', BOB.name, '--score', '2', '--end', '2020-01-01'], `Added 2 points for ${BOB.name}.`, 'up to 2020-01-01'],
      [['add-contribution', BOB.name, '--score', '2', '--start', '2025-06-02', '--end', '2025-06-05'], `Added 2 points for ${BOB.name}.`, '2025-06-02 to 2025-06-05'],
    ] as const) {
      const r = cli(own.dir, [...args]);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stderr).toBe('');
      expect(lines(r.stdout)).toEqual([`${added} Leaderboards rebuilt.`, note(dates)]);
    }
    const manual = readJson<ManualFile>(dataFiles(ownDir).manual);
    expect(manual.contributors['Dave']?.contributions).toEqual([{ score: 3, notes: '', start_date: '2030-01-01', end_date: null }]);
    expect(manual.contributors[BOB.name]?.contributions).toHaveLength(2);
    const data = readData(ownDir);
    expect(Object.values(data.leaderboards).flatMap((periods) => Object.values(periods)).flat().filter((e) => e.name === 'Dave' || e.additional_contribution_score > 0)).toEqual([]);
    // Reaching into one period (the quarter), or open on both sides, it shows: no note.
    for (const args of [['--start', '2025-03-15', '--end', '2025-06-30'], []]) {
      const r = cli(own.dir, ['add-contribution', BOB.name, '--score', '1', ...args]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`Added 1 point for ${BOB.name}. Leaderboards rebuilt.\n`);
    }
  });

  it('says the score as saved, in the singular for one point', async () => {
    const dir = await tempDir('lb-cli-one-point-');
    const r = cli(repo.dir, ['add-contribution', 'Pat One', '--score', ' 001', '--notes', 'triage', '--data-dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Added 1 point for Pat One\. /);
    expect(readJson<ManualFile>(path.join(dir, 'manual-contributions.json')).contributors['Pat One']?.contributions.at(-1)?.score).toBe(1);
  });

  it('before any refresh, saves the contribution and says the leaderboards come with the first refresh', async () => {
    const fresh = await newRepo();
    await fresh.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: ALICE, date: '2025-01-08T10:00:00Z' });
    const freshFiles = dataFiles(path.join(fresh.dir, '.leaderboard'));
    const r = cli(fresh.dir, ['add-contribution', 'Dee', '--score', '4']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('Added 4 points for Dee. Saved; the leaderboards will include it after the first `leaderboard refresh`.');
    expect(existsSync(freshFiles.data)).toBe(false);
    expect(cli(fresh.dir, ['refresh', '--all']).code).toBe(0);
    expect(entry(readData(path.join(fresh.dir, '.leaderboard')), 'monthly', '2025-01', 'Dee')).toMatchObject({ total_commits: 0, total_score: 4 });
  });
});

describe('a save whose rebuild fails', () => {
  it('says the contribution is saved and how to rebuild, exits 0, and a retry is not needed', async () => {
    const fresh = await newRepo();
    await fresh.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: ALICE, date: '2025-01-08T10:00:00Z' });
    const dir = path.join(fresh.dir, '.leaderboard');
    const freshFiles = dataFiles(dir);
    expect(cli(fresh.dir, ['refresh', '--all']).code).toBe(0);
    // The chunk folder made a file: the rebuild cannot write the page's files.
    const chunks = path.join(dir, 'leaderboard-chunks');
    await rm(chunks, { recursive: true });
    await writeFile(chunks, 'not a folder');
    const r = cli(fresh.dir, ['add-contribution', 'Dee', '--score', '4', '--notes', 'talk']);
    expect(r.code).toBe(0);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.stdout).toMatch(/^Added 4 points for Dee\. Saved, but the leaderboards could not be rebuilt \(.*leaderboard-chunks.*\); run `leaderboard refresh` once that is fixed\. Do not add it again: it is saved\./);
    // In words, naming the file in the way: not Node's code and syscall.
    expect(r.stdout).toContain(`(Cannot create ${chunks}: something is already there (EEXIST).)`);
    expect(readJson<ManualFile>(freshFiles.manual).contributors.Dee?.contributions).toEqual([{ score: 4, notes: 'talk', start_date: null, end_date: null }]);
    await rm(chunks);
    expect(cli(fresh.dir, ['refresh', '--all']).code).toBe(0);
    expect(entry(readData(dir), 'monthly', '2025-01', 'Dee')).toMatchObject({ total_score: 4 });
  });
});

describe('the legacy flat shape', () => {
  it('is read as a contribution to every period, and kept when a contribution is added', async () => {
    const other = await tempDir('lb-cli-legacy-');
    await writeFile(path.join(other, 'manual-contributions.json'), JSON.stringify({ contributors: { [BOB.name]: { score: 7, notes: 'legacy note' }, 'Old Timer': { score: 5 } } }));
    expect(cli(repo.dir, ['refresh', '--all', '--data-dir', other]).code).toBe(0);
    let data = readData(other);
    for (const label of Object.keys(data.leaderboards.monthly)) {
      expect(entry(data, 'monthly', label, 'Old Timer'), label).toMatchObject({ total_commits: 0, additional_contribution_score: 5 });
    }
    expect(entry(data, 'monthly', '2025-02', BOB.name)).toMatchObject({ total_commits: 1, additional_contribution_score: 7, additional_contribution_notes: 'legacy note' });

    expect(cli(repo.dir, ['add-contribution', 'Newcomer', '--score', '2', '--data-dir', other]).code).toBe(0);
    data = readData(other);
    expect(entry(data, 'monthly', '2025-10', 'Old Timer')).toMatchObject({ additional_contribution_score: 5 });
    expect(entry(data, 'monthly', '2025-10', 'Newcomer')).toMatchObject({ additional_contribution_score: 2 });
    expect(readJson<ManualFile>(path.join(other, 'manual-contributions.json')).contributors[BOB.name]).toEqual({
      contributions: [{ score: 7, notes: 'legacy note', start_date: null, end_date: null }],
    });
  });
});

describe('a malformed manual file', () => {
  it('fails the refresh with the file and field named, no stack trace, and keeps the last data', async () => {
    const other = await tempDir('lb-cli-manual-bad-');
    const manual = path.join(other, 'manual-contributions.json');
    expect(cli(repo.dir, ['refresh', '--all', '--data-dir', other]).code).toBe(0);
    const good = bytesOf(dataFiles(other).data);
    for (const [contributors, field] of [
      [{ Legacy: { score: 5.5 } }, 'contributors.Legacy.score: must be a whole number'],
      [{ Record: { contributions: [{ score: 5, start_date: '2025-02-30' }] } }, 'contributors.Record.contributions.0.start_date: is not a real calendar date'],
    ] as const) {
      await writeFile(manual, JSON.stringify({ contributors }));
      const r = cli(repo.dir, ['refresh', '--all', '--data-dir', other]);
      expect(r.code).toBe(2);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(lines(r.stderr)[0]).toBe(`Error: ${manual} is not valid: ${field}.`);
      expect(bytesOf(dataFiles(other).data)).toBe(good);
      expect(readJson<{ success: boolean; error: string }>(dataFiles(other).status)).toMatchObject({ success: false, error: expect.stringContaining(field) });
    }
  });
});

describe('export', () => {
  const localDay = (d = new Date()) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

  it('writes manual-contributions-backup-YYYY-MM-DD.json in the current directory, equal to the manual file', async () => {
    const cwd = await tempDir('lb-cli-export-');
    const r = cli(cwd, ['export', '--repo', repo.dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const name = `manual-contributions-backup-${localDay()}.json`;
    expect(await readdir(cwd)).toEqual([name]);
    expect(r.stdout.trim()).toBe(`Exported 3 contributors to ${name}.`);
    expect(bytesOf(path.join(cwd, name))).toBe(bytesOf(files.manual));
  });

  it('copies a hand-kept file exactly (key order, unknown fields, formatting)', async () => {
    const other = await tempDir('lb-cli-export-fixture-');
    await copyFile(FIXTURE, path.join(other, 'manual-contributions.json'));
    const out = path.join(other, 'backup.json');
    const r = cli(repo.dir, ['export', '--data-dir', other, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Exported 1 contributor to ');
    expect(bytesOf(out)).toBe(readFileSync(FIXTURE, 'utf8'));
  });

  it('--out FILE writes there; an existing file is kept unless --force', async () => {
    const dir = await tempDir('lb-cli-export-out-');
    const out = path.join(dir, 'mine.json');
    await writeFile(out, 'keep me\n');
    const refused = cli(repo.dir, ['export', '--out', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Error: ${out} already exists.`);
    expect(refused.stderr).toContain('--force');
    expect(hasStackTrace(refused.stderr)).toBe(false);
    expect(bytesOf(out)).toBe('keep me\n');

    const forced = cli(repo.dir, ['export', '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(bytesOf(out)).toBe(bytesOf(files.manual));
  });

  it('refuses to back up a malformed manual file, naming the field', async () => {
    const other = await tempDir('lb-cli-export-bad-');
    await writeFile(path.join(other, 'manual-contributions.json'), JSON.stringify({ contributors: { X: { contributions: [{ score: 'lots' }] } } }));
    const out = path.join(other, 'backup.json');
    const r = cli(repo.dir, ['export', '--data-dir', other, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('contributors.X.contributions.0.score');
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('exports an empty file when there are no manual contributions yet, from outside any repository', async () => {
    const empty = await tempDir('lb-cli-export-empty-');
    const out = path.join(empty, 'backup.json');
    // A board refreshed elsewhere; cwd is not a repository: with --data-dir, export only needs the data directory.
    expect(cli(repo.dir, ['refresh', '--quiet', '--data-dir', path.join(empty, 'data')]).code).toBe(0);
    const r = cli(empty, ['export', '--data-dir', path.join(empty, 'data'), '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Exported 0 contributors');
    expect(readJson<ManualFile>(out).contributors).toEqual({});
  });

  it('refuses a --data-dir that is no data directory and an --out it cannot write, instead of an empty backup or a temp file\'s error', async () => {
    const dir = await tempDir('lb-cli-export-paths-');
    await mkdir(path.join(dir, 'src'));
    await writeFile(path.join(dir, 'notes.txt'), 'x');
    const refused = (args: string[], message: string) => {
      const r = cli(dir, ['export', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(message);
      expect(hasStackTrace(r.stderr)).toBe(false);
    };
    const out = ['--out', path.join(dir, 'backup.json')];
    refused(['--data-dir', path.join(dir, 'src'), ...out], `${path.join(dir, 'src')} is not a leaderboard data directory`);
    refused(['--data-dir', path.join(dir, 'notes.txt'), ...out], `${path.join(dir, 'notes.txt')} is a file, not a data directory.`);
    refused(['--data-dir', path.dirname(files.manual), '--out', dir, '--force'], `${dir} is a folder.`);
    // An unset variable: not the current directory's "is a folder".
    for (const empty of ['', ' ']) refused(['--data-dir', path.dirname(files.manual), '--out', empty], 'Error: --out is empty.\nHint: Pass the backup file to write');
    refused(['--data-dir', path.dirname(files.manual), '--out', path.join(dir, 'nodir', 'x.json')], `the folder ${path.join(dir, 'nodir')} does not exist.`);
    expect(existsSync(path.join(dir, 'backup.json'))).toBe(false);
  });
});
