/**
 * `leaderboard import FILE` and the manual backups: validation naming the field, --dry-run,
 * export -> import round-tripping byte for byte, the last 10 versions kept and ignored by git.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRepo } from '../support/git-repo.js';
import { bytesOf, cli, dataFiles, gitStatus, hasStackTrace, readData, tempResources } from './helpers.js';

const FIXTURE = path.resolve('tests/fixtures/real-manual-contributions.json');
const { newRepo, tempDir } = tempResources();

let repo: TestRepo;
let dataDir: string;
let files: ReturnType<typeof dataFiles>;
const backupsDir = () => path.join(dataDir, 'manual-backups');
const backups = async () => (await readdir(backupsDir()).catch(() => [] as string[])).sort();

beforeAll(async () => {
  repo = await newRepo();
  dataDir = path.join(repo.dir, '.leaderboard');
  files = dataFiles(dataDir);
  await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: { name: 'Alice', email: 'a@example.com' }, date: '2025-10-15T10:00:00Z' });
  await mkdir(dataDir, { recursive: true });
  // The fixture's file with two more contributors, in its own indentation.
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { contributors: Record<string, unknown> };
  fixture.contributors.Ann = { contributions: [{ score: 5, notes: 'talk', start_date: null, end_date: null }] };
  fixture.contributors.Ben = { contributions: [{ score: 8, notes: 'paper', start_date: null, end_date: null }] };
  await writeFile(files.manual, `${JSON.stringify(fixture, null, 2)}\n`);
  expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
});

describe('import', () => {
  it('refuses a malformed file with exit 2 naming the field, and changes nothing', async () => {
    const dir = await tempDir('lb-import-bad-');
    const before = bytesOf(files.manual);
    const cases: [string, string, RegExp][] = [
      ['not-json.json', '{"contributors": {', /is not valid JSON/],
      ['bad-score.json', JSON.stringify({ contributors: { Ann: { contributions: [{ score: -3, notes: '', start_date: null, end_date: null }] } } }), /contributors\.Ann\.contributions\.0\.score/],
      ['bad-date.json', JSON.stringify({ contributors: { Ann: { contributions: [{ score: 3, notes: '', start_date: '2025-13-40', end_date: null }] } } }), /start_date/],
      ['contributors-array.json', JSON.stringify({ contributors: [] }), /contributors/],
      // Each imported as nobody, exit 0: every manual score gone.
      ['misspelt.json', JSON.stringify({ contributers: { Ann: { contributions: [] } } }), /unknown field "contributers", which would be ignored: write "contributors"/],
      ['no-contributors.json', JSON.stringify({ _instructions: 'x' }), /has no "contributors" field, so importing it would remove every manual contribution/],
      // A committer in another case: a second person beside them.
      ['lookalike.json', JSON.stringify({ contributors: { alice: { contributions: [{ score: 5, notes: '', start_date: null, end_date: null }] } } }), /names "alice" \(on the board as "Alice"\): each would be a second person beside the one on the board/],
    ];
    for (const [name, text, field] of cases) {
      const file = path.join(dir, name);
      await writeFile(file, text);
      for (const extra of [[], ['--dry-run']]) {
        const r = cli(repo.dir, ['import', file, ...extra]);
        expect(r.code, `${name} ${extra.join(' ')}: ${r.stderr}`).toBe(2);
        expect(r.stderr).toContain(file);
        expect(r.stderr).toMatch(field);
        expect(hasStackTrace(r.stderr)).toBe(false);
        // The file imported is no file the data directory backs up.
        expect(r.stderr).not.toContain('from a backup');
      }
    }
    expect(cli(repo.dir, ['import', path.join(dir, 'bad-score.json')]).stderr).toContain('Hint: Fix the named field or import another, such as one `leaderboard export` wrote.');
    // A byte order mark (Windows editors write one) is not an error.
    const bom = path.join(dir, 'bom.json');
    await writeFile(bom, `\uFEFF${JSON.stringify({ contributors: { Ann: { contributions: [{ score: 5, notes: 'talk', start_date: null, end_date: null }] } } })}`);
    const withBom = cli(repo.dir, ['import', bom, '--dry-run']);
    expect(withBom.stderr).toBe('');
    expect(withBom.code).toBe(0);
    const missing = cli(repo.dir, ['import', path.join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does not exist');
    expect(bytesOf(files.manual)).toBe(before);
    expect(await backups()).toEqual([]);
  });

  it('--dry-run prints what would change and writes nothing', async () => {
    const dir = await tempDir('lb-import-dry-');
    const current = JSON.parse(readFileSync(files.manual, 'utf8')) as { contributors: Record<string, unknown> };
    expect(Object.keys(current.contributors).length).toBeGreaterThanOrEqual(3);
    const names = Object.keys(current.contributors);
    const [first, second] = names;
    const next: { contributors: Record<string, unknown> } = { ...current, contributors: { ...current.contributors, 'New Person': { contributions: [{ score: 7, notes: 'talk', start_date: null, end_date: null }] } } };
    delete next.contributors[first!];
    next.contributors[second!] = { contributions: [{ score: 1, notes: 'changed', start_date: null, end_date: null }] };
    const file = path.join(dir, 'next.json');
    await writeFile(file, JSON.stringify(next, null, 2));
    const before = { manual: bytesOf(files.manual), data: bytesOf(files.data), state: bytesOf(files.state) };
    const r = cli(repo.dir, ['import', file, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Would import');
    expect(r.stdout).toContain('added: New Person');
    expect(r.stdout).toContain(`removed: ${first}`);
    expect(r.stdout).toContain(`changed: ${second}`);
    expect(r.stdout).toContain(`unchanged: ${names.length - 2}`);
    expect(r.stdout).toContain('Dry run: nothing was written.');
    expect({ manual: bytesOf(files.manual), data: bytesOf(files.data), state: bytesOf(files.state) }).toEqual(before);
    expect(await backups()).toEqual([]);
  });

  it('export writes through a symbolic link, refuses a pipe or a device, and prints the backup with --out -', async () => {
    const dir = await tempDir('lb-export-targets-');
    const original = readFileSync(files.manual);
    await writeFile(path.join(dir, 'latest.json'), 'old\n');
    symlinkSync('latest.json', path.join(dir, 'link'));
    const through = cli(repo.dir, ['export', '--out', path.join(dir, 'link'), '--force']);
    expect(through.code, through.stderr).toBe(0);
    expect(lstatSync(path.join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, 'latest.json')).equals(original)).toBe(true);
    // A link to a file still to be made: written where it points.
    symlinkSync(path.join('backups', 'today.json'), path.join(dir, 'dangling'));
    await mkdir(path.join(dir, 'backups'));
    expect(cli(repo.dir, ['export', '--out', path.join(dir, 'dangling')]).code).toBe(0);
    expect(readFileSync(path.join(dir, 'backups', 'today.json')).equals(original)).toBe(true);
    expect(lstatSync(path.join(dir, 'dangling')).isSymbolicLink()).toBe(true);
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    // A pipe only: a device is refused alike, but a regression would replace it (as root, /dev/null).
    const refused = cli(repo.dir, ['export', '--out', path.join(dir, 'pipe'), '--force']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Error: ${path.join(dir, 'pipe')} is not a file (a pipe, a device or a socket): a backup is written as a file.`);
    expect(hasStackTrace(refused.stderr)).toBe(false);
    expect(lstatSync(path.join(dir, 'pipe')).isFIFO()).toBe(true);
    const printed = cli(repo.dir, ['export', '--out', '-']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(original.toString('utf8'));
  });

  it('export -> change -> import restores the file byte for byte, keeps a backup and rebuilds', async () => {
    const dir = await tempDir('lb-import-rt-');
    const original = readFileSync(files.manual);
    const exported = path.join(dir, 'backup.json');
    expect(cli(repo.dir, ['export', '--out', exported]).code).toBe(0);
    expect(readFileSync(exported).equals(original)).toBe(true);

    expect(cli(repo.dir, ['add-contribution', 'Zed Newcomer', '--score', '42']).code).toBe(0);
    expect(readData(dataDir).leaderboards.monthly).toBeDefined();
    const afterAdd = readFileSync(files.manual);
    expect(afterAdd.equals(original)).toBe(false);
    // The add kept the version before it.
    const [firstBackup] = await backups();
    expect(firstBackup).toMatch(/^manual-contributions-\d{8}T\d{9}Z\.json$/);
    expect(readFileSync(path.join(backupsDir(), firstBackup!)).equals(original)).toBe(true);

    const r = cli(repo.dir, ['import', exported]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('removed: Zed Newcomer');
    expect(r.stdout).toContain('Leaderboards rebuilt.');
    expect(readFileSync(files.manual).equals(original)).toBe(true);
    const all = await backups();
    expect(all).toHaveLength(2);
    expect(readFileSync(path.join(backupsDir(), all[1]!)).equals(afterAdd)).toBe(true);
    expect(JSON.stringify(readData(dataDir))).not.toContain('Zed Newcomer');

    // Importing the same bytes again is a no-op.
    const same = cli(repo.dir, ['import', exported]);
    expect(same.stdout).toContain('identical');
    expect(await backups()).toHaveLength(2);
  });

  it('keeps only the last 10 backups, all ignored by git', async () => {
    for (let i = 0; i < 12; i++) expect(cli(repo.dir, ['add-contribution', 'Busy Bee', '--score', String(i + 1)]).code).toBe(0);
    const all = await backups();
    expect(all).toHaveLength(10);
    // The newest backup is the version just before the last add (11 points, not yet 12).
    const newest = readFileSync(path.join(backupsDir(), all.at(-1)!), 'utf8');
    expect(newest).toContain('"score": 11');
    expect(newest).not.toContain('"score": 12');
    for (const name of all) expect(gitStatus(repo.dir, ['check-ignore', '-q', path.join('.leaderboard', 'manual-backups', name)]).code).toBe(0);
    expect(gitStatus(repo.dir, ['check-ignore', '-q', path.join('.leaderboard', 'manual-contributions.json')]).code).toBe(1);
    expect(gitStatus(repo.dir, ['check-ignore', '-q', path.join('.leaderboard', 'serve.lock')]).code).toBe(0);
  });
});
