/**
 * Usage and configuration errors of the built CLI (exit 2, one clear message with a hint, no
 * stack trace), and the help of every command.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { bytesOf, cli, dataFiles, hasStackTrace, lines } from './helpers.js';

let repo: TestRepo;
let plainDir: string;
const configFile = () => path.join(repo.dir, 'leaderboard.config.json');

beforeAll(async () => {
  repo = await createTestRepo();
  await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', date: '2025-01-02T03:04:05Z' });
  plainDir = await mkdtemp(path.join(os.tmpdir(), 'lb-cli-plain-'));
});
afterAll(async () => {
  await repo.cleanup();
  await rm(plainDir, { recursive: true, force: true });
});

/** Asserts a usage error: exit 2, nothing on stdout, an `Error:` line first, no stack trace. */
function expectUsageError(r: ReturnType<typeof cli>): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(hasStackTrace(r.stderr)).toBe(false);
}

describe('not a git repository', () => {
  it('exits 2 with the path, a hint and no stack trace', () => {
    const r = cli(plainDir, ['refresh']);
    expectUsageError(r);
    expect(lines(r.stderr)).toEqual([
      `Error: ${plainDir} is not a git repository`,
      'Hint: Run inside a git repository or pass --repo PATH.',
    ]);
    // Nothing is written where there is no repository.
    expect(bytesOf(dataFiles(path.join(plainDir, '.leaderboard')).status)).toBeNull();
  });

  it('names a --repo path that does not exist', () => {
    const missing = path.join(plainDir, 'no', 'such');
    const r = cli(repo.dir, ['refresh', '--repo', missing]);
    expectUsageError(r);
    expect(r.stderr).toContain(`Error: ${missing} is not a git repository (the path does not exist)`);
  });
});

describe('git missing', () => {
  it('exits 1 saying git was not found, with a hint', () => {
    const r = cli(repo.dir, ['refresh'], { PATH: path.join(plainDir, 'empty-bin') });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(lines(r.stderr)).toEqual([
      'Error: git was not found on PATH',
      'Hint: Install git (https://git-scm.com) and make sure the `git` command is on PATH.',
    ]);
  });
});

describe('invalid leaderboard.config.json', () => {
  const cases: [string, string | Buffer, RegExp][] = [
    ['a wrong type', JSON.stringify({ analysisPeriodDays: 'lots' }), /analysisPeriodDays: .*number/],
    ['an unknown field', JSON.stringify({ analysisPeriodDayz: 30 }), /\(top level\): .*analysisPeriodDayz/],
    ['a nested field', JSON.stringify({ bots: { patterns: [''] } }), /bots\.patterns\.0: /],
    ['an out-of-range number', JSON.stringify({ commitsPerEntry: 0 }), /commitsPerEntry: /],
    ['malformed JSON', '{ "analysisPeriodDays": 30, }', /is not valid JSON/],
    ['a key given twice', '{"analysisPeriodDays": 365,\n "analysisPeriodDays": 300}', /lists "analysisPeriodDays" twice \(lines 1 and 2\)/],
    ['a misspelt field', JSON.stringify({ identites: { Ann: ['ann@x.com'] } }), /\(top level\): unknown key "identites": did you mean "identities"\?/],
    ['a URL that is not http(s)', JSON.stringify({ ai: { baseUrl: 'localhost:11434' } }), /ai\.baseUrl: must be an http\(s\) URL/],
    ['UTF-16 text', Buffer.from(`\uFEFF${JSON.stringify({ analysisPeriodDays: 30 })}`, 'utf16le'), /is not UTF-8 text: it is UTF-16/],
  ];
  for (const [what, text, named] of cases) {
    it(`exits 2 naming ${what}`, async () => {
      await writeFile(configFile(), text);
      try {
        const r = cli(repo.dir, ['refresh', '--all', '--data-dir', path.join(plainDir, 'config-data')]);
        expectUsageError(r);
        expect(r.stderr).toContain(`Error: ${configFile()}`);
        expect(r.stderr).toMatch(named);
        expect(r.stderr).toContain('Hint: ');
      } finally {
        await rm(configFile(), { force: true });
      }
    });
  }
});

describe('a leaderboard.config.json that is a broken symbolic link', () => {
  it('exits 2 naming the link and where it points, not rebuilding with the defaults', async () => {
    await symlink('/missing.json', configFile());
    try {
      const r = cli(repo.dir, ['refresh', '--all', '--data-dir', path.join(plainDir, 'config-data')]);
      expectUsageError(r);
      expect(lines(r.stderr)[0]).toBe(`Error: ${configFile()} is a symbolic link to /missing.json, which does not exist.`);
      expect(r.stderr).toContain('Hint: ');
    } finally {
      await rm(configFile(), { force: true });
    }
  });
});

describe('bad option values', () => {
  for (const since of ['yesterday', '2025-02-30', '2025-1-5', '-5d']) {
    it(`refuses --since ${since}`, () => {
      const r = cli(repo.dir, ['refresh', `--since=${since}`, '--data-dir', path.join(plainDir, 'since-data')]);
      expectUsageError(r);
      expect(r.stderr).toContain(`--since must be a date YYYY-MM-DD or a number of days like 90d, got "${since}"`);
    });
  }

  it('refuses a --since after today, which wrote a negative count of days into the data file', () => {
    const next = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const r = cli(repo.dir, ['refresh', `--since=${next}`, '--data-dir', path.join(plainDir, 'since-data')]);
    expectUsageError(r);
    expect(r.stderr).toContain(`--since ${next} is after today`);
    expect(r.stderr).toContain('Hint: Give a date up to today');
  });

  for (const n of ['0', 'abc', '2.5']) {
    it(`refuses --commits-per-entry ${n}`, () => {
      const r = cli(repo.dir, ['refresh', '--commits-per-entry', n]);
      expectUsageError(r);
      expect(r.stderr).toContain(`--commits-per-entry must be a whole number from 1 to 1000, got "${n}"`);
    });
  }

  it('refuses an unknown option', () => {
    const r = cli(repo.dir, ['refresh', '--bogus']);
    expectUsageError(r);
    expect(r.stderr).toContain("error: unknown option '--bogus'");
    expect(r.stderr).toContain('--help');
  });

  it('refuses an unknown command', () => {
    const r = cli(repo.dir, ['frobnicate']);
    expectUsageError(r);
    expect(r.stderr).toContain("unknown command 'frobnicate'");
  });

  it('refuses add-contribution without its name or --score', () => {
    expectUsageError(cli(repo.dir, ['add-contribution']));
    const r = cli(repo.dir, ['add-contribution', 'Someone']);
    expectUsageError(r);
    expect(r.stderr).toContain("required option '--score <n>' not specified");
  });
});

describe('--help', () => {
  const expected: Record<string, string[]> = {
    refresh: ['--repo <path|url|name>', '--data-dir <dir>', '--since <date|Nd>', '--all', '--pull', '--commits-per-entry <n>', '-q, --quiet'],
    'add-contribution': ['<name>', '--score <n>', '--notes <text>', '--start <YYYY-MM-DD>', '--end <YYYY-MM-DD>', '--email <email>', '--repo <path>', '--data-dir <dir>'],
    export: ['--out <file>', '--force', '--repo <path>', '--data-dir <dir>'],
    serve: ['--repo <path|url|name>', '--data-dir <dir>', '--port <n>', '--host <address>', '--no-open', '--refresh-interval <time>', '--no-refresh'],
  };
  for (const [command, options] of Object.entries(expected)) {
    it(`${command} --help lists its options and exits 0`, () => {
      const r = cli(plainDir, [command, '--help']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^Usage: leaderboard ${command} `));
      for (const option of options) expect(r.stdout).toContain(option);
    });
  }

  it('the top-level help lists every command; --version prints the version', () => {
    const r = cli(plainDir, ['--help']);
    expect(r.code).toBe(0);
    for (const command of Object.keys(expected)) expect(r.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    const v = cli(plainDir, ['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('a reader that stops early', () => {
  it('ends the command quietly with its own exit code (`leaderboard --help | true`)', () => {
    // `true` reads nothing and exits: the help is written into a closed pipe.
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" --help | true; echo "exit \${PIPESTATUS[0]}" >&2`], { encoding: 'utf8' });
    expect(r.stderr.trim()).toBe('exit 0');
  });

  it('leaves serve refreshing and serving when its output reader is gone', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lb-cli-epipe-'));
    const child = spawn(process.execPath, [BIN, 'serve', '--repo', repo.dir, '--data-dir', dataDir, '--port', '0', '--no-open'], {
      env: { ...process.env, ...gitIsolationVars(), GITHUB_TOKEN: '', GH_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Gone before serve prints its first line ("Analysing the repository..." comes before the refresh).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const data = path.join(dataDir, 'leaderboard-data.json');
      const outcome = await Promise.race([exited.then((code) => `exited ${code}`), waitFor(() => bytesOf(data) !== null).then(() => 'written')]);
      expect(outcome).toBe('written');
      // Still serving a moment later.
      expect(await Promise.race([exited.then((code) => `exited ${code}`), sleep(500).then(() => 'running')])).toBe('running');
      expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    } finally {
      child.kill();
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await sleep(50);
}
