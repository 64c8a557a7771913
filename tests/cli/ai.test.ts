/** The AI options of `leaderboard refresh` and `leaderboard ai-override`, through the built bin. */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiStub, type AiStub } from '../support/ai-stub.js';
import { runCliAsync, startServe } from '../support/cli.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import type { WrittenLeaderboardData } from '../../src/shared/data-file.js';
import { dataFiles, readRawData, spelledOut, tempResources } from './helpers.js';

const { newRepo } = tempResources();
// Async: the stub answers from this process, which a synchronous spawn would block.
const run = (repo: TestRepo, args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCliAsync(args, { cwd: repo.dir, env: { ...gitIsolationVars(), OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', OPENAI_BASE_URL: '', ANTHROPIC_BASE_URL: '', ...env } });

describe('leaderboard refresh --ai', () => {
  let stub: AiStub;
  let repo: TestRepo;
  const hashes: string[] = [];
  beforeAll(async () => {
    stub = await startAiStub({ reply: () => ({ kind: 'answer', score: 20, reason: 'Solid change.' }) });
    repo = await newRepo();
    hashes.push(await repo.commit({ files: { 'src/a.ts': 'export const a = 1;\n' }, message: 'feat: a' }));
    hashes.push(await repo.commit({ files: { 'src/b.ts': 'export const b = 1;\n' }, message: 'fix: b' }));
  });
  afterAll(() => stub.close());
  const ai = () => ['--ai', 'openai', '--ai-base-url', stub.openaiBaseUrl, '--all'];

  it('says what is missing when the key is not set', async () => {
    const r = await run(repo, ['refresh', '--ai', 'openai', '--all']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Error: --ai openai needs an API key: OPENAI_API_KEY is not set.');
    expect(r.stderr).toMatch(/Hint: Set OPENAI_API_KEY in the environment/);
    const bad = await run(repo, ['refresh', '--rescore-ai', '--all']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--rescore-ai needs an AI provider.');
  });

  it('estimates with --ai-dry-run, with no key, sending and writing nothing', async () => {
    const r = await run(repo, ['refresh', ...ai(), '--ai-model', 'gpt-stub', '--ai-dry-run']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^AI dry run \(openai:gpt-stub\): 2 commits of 2 in the window would be sent, about [\d,]+ input and 120 output tokens .* Nothing was sent\.\n$/);
    expect(stub.requests).toHaveLength(0);
    await expect(readFile(dataFiles(`${repo.dir}/.leaderboard`).data)).rejects.toThrow(/ENOENT/);
  });

  it('scores through the provider, says so, and asks nothing the second time', async () => {
    const r = await run(repo, ['refresh', ...ai(), '--ai-model', 'gpt-stub'], { OPENAI_API_KEY: 'test-key' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('AI part: openai:gpt-stub (2 asked, 0 from the AI cache, 0 fell back to the local estimate).');
    expect(stub.requests.map((q) => q.model)).toEqual(['gpt-stub', 'gpt-stub']);
    const rows = readRawData(`${repo.dir}/.leaderboard`).commits;
    expect(rows.map((c) => c.scores.ai_reason)).toEqual(['Solid change.', 'Solid change.']);
    const again = await run(repo, ['refresh', ...ai(), '--ai-model', 'gpt-stub'], { OPENAI_API_KEY: 'test-key' });
    expect(again.stdout).toMatch(/^Up to date/);
    expect(stub.requests).toHaveLength(2);
  });

  it('says when AI cache lines could not be read, and asks about their commits again', async () => {
    const other = await newRepo();
    await other.commit({ files: { 'src/x.ts': 'export const x = 1;\n' }, message: 'feat: x' });
    await other.commit({ files: { 'src/y.ts': 'export const y = 1;\n' }, message: 'feat: y' });
    await other.commit({ files: { 'src/z.ts': 'export const z = 1;\n' }, message: 'feat: z' });
    const key = { OPENAI_API_KEY: 'test-key' };
    expect((await run(other, ['refresh', ...ai(), '--ai-model', 'gpt-stub'], key)).code).toBe(0);
    const files = { ...dataFiles(`${other.dir}/.leaderboard`), aiCache: `${other.dir}/.leaderboard/ai-cache.jsonl` };
    const lines = (await readFile(files.aiCache, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(3);
    // One line damaged by hand, the last one cut short; the score cache goes, so every commit is scored again.
    await writeFile(files.aiCache, `${lines[0]}\n{"hash": oops\n${(lines[2] as string).slice(0, 20)}`);
    await rm(files.cache);
    const before = stub.requests.length;
    const r = await run(other, ['refresh', ...ai(), '--ai-model', 'gpt-stub'], key);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Note: ${files.aiCache} had 2 unreadable lines (a write cut short, or an edit); they were dropped, and their commits are asked about again when next scored (the score cache keeps the scores until then).`);
    expect(stub.requests.length - before).toBe(2);
  });

  it('warns when the AI step was partial, and the refresh still succeeds', async () => {
    const other = await newRepo();
    await other.commit({ files: { 'src/c.ts': 'export const c = 1;\n' }, message: 'feat: c' });
    const r = await run(other, ['refresh', ...ai()], { OPENAI_API_KEY: 'wrong-key' });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Warning: the AI step was partial: 1 commit got the local estimate instead \(openai:gpt-4\.1-mini refused the API key \(401.*\)\. The next refresh asks about them again\.\n$/);
    expect(r.stderr).not.toContain('wrong-key');
  });

  it('overrides one commit from the shell: set, list, remove, with clear refusals', async () => {
    const short = hashes[0]!.slice(0, 8);
    const set = await run(repo, ['ai-override', 'set', short, '--score', '25', '--note', 'Unblocked the release', '--by', 'maintainer']);
    expect(set.stderr).toBe('');
    expect(set.stdout).toBe(`AI score of ${short} set to 25 by maintainer: Unblocked the release\n`);
    const row = readRawData(`${repo.dir}/.leaderboard`).commits.find((c) => c.full_hash === hashes[0]);
    expect(row?.scores).toMatchObject({ ai: 25, ai_source: 'override', ai_reason: 'Unblocked the release', ai_override: { by: 'maintainer', original: 20 } });
    expect((await run(repo, ['ai-override', 'list'])).stdout).toMatch(new RegExp(`^${short}  AI 25  \\d{4}-\\d\\d-\\d\\d  maintainer: Unblocked the release\\n$`));

    // Survives a refresh with the provider.
    await repo.commit({ files: { 'src/d.ts': 'export const d = 1;\n' }, message: 'feat: d' });
    await run(repo, ['refresh', ...ai(), '--ai-model', 'gpt-stub'], { OPENAI_API_KEY: 'test-key' });
    expect(readRawData(`${repo.dir}/.leaderboard`).commits.find((c) => c.full_hash === hashes[0])?.scores.ai).toBe(25);

    const badScore = await run(repo, ['ai-override', 'set', short, '--score', '30', '--note', 'x']);
    expect(badScore.code).toBe(2);
    expect(badScore.stderr).toContain('Error: score: must be 25 or less');
    const noNote = await run(repo, ['ai-override', 'set', short, '--score', '3', '--note', ' ']);
    expect(noNote.stderr).toContain('note: is required');
    const unknown = await run(repo, ['ai-override', 'set', 'deadbeef', '--score', '3', '--note', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Error: No commit deadbeef in');

    expect((await run(repo, ['ai-override', 'remove', short])).stdout).toBe(`Removed the AI override of ${short}.\n`);
    const data = readRawData(`${repo.dir}/.leaderboard`);
    const restored = data.commits.find((c) => c.full_hash === hashes[0])?.scores;
    expect({ ai: restored?.ai, source: restored?.ai_source ?? data.commit_defaults.ai_source }).toEqual({ ai: 20, source: 'openai:gpt-stub' });
    const again = await run(repo, ['ai-override', 'remove', short]);
    // Nothing to remove is the user's to correct, as a bad hash is: a usage error, with where to look.
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`No AI override for ${short}.`);
    expect(again.stderr).toContain('Hint: Run `leaderboard ai-override list` to see the overridden commits.');
    expect((await run(repo, ['ai-override', 'list'])).stdout).toBe('No AI overrides.\n');

    // Names git knows work too; an option-like one is refused before git sees it.
    const head = (await repo.git('rev-parse', 'HEAD')).slice(0, 8);
    expect((await run(repo, ['ai-override', 'set', 'HEAD', '--score', '4', '--note', 'tip', '--by', 'me'])).stdout).toBe(`AI score of ${head} set to 4 by me: tip\n`);
    expect((await run(repo, ['ai-override', 'remove', 'HEAD'])).stdout).toBe('Removed the AI override of HEAD.\n');
    const dash = await run(repo, ['ai-override', 'set', '--score', '4', '--note', 'x', '--', '--output=x']);
    expect(dash.code).toBe(2);
    expect(dash.stderr).toContain('Error: "--output=x" is not a commit.');

    // Another model keeps the earlier answers, and the summary says how to ask again.
    const other = await run(repo, ['refresh', ...ai(), '--ai-model', 'gpt-other', '--all'], { OPENAI_API_KEY: 'test-key' });
    expect(other.stdout).toContain('AI part: openai:gpt-other. 3 commits keep the AI score another model gave them; `leaderboard refresh --rescore-ai` asks openai:gpt-other about them.');
  });
});

describe('leaderboard ai-override on commits the leaderboards do not show', () => {
  it('keeps the override and says that nothing shown changes, for an old commit and a bot\'s', async () => {
    const repo = await newRepo();
    const old = await repo.commit({ files: { 'src/old.ts': 'export const o = 1;\n' }, message: 'feat: old', date: '2020-01-01T00:00:00Z' });
    const bot = await repo.commit({ files: { 'src/bot.ts': 'export const b = 1;\n' }, message: 'chore: bot', author: { name: 'renovate[bot]', email: 'bot@example.com' }, date: new Date().toISOString() });
    const fresh = await repo.commit({ files: { 'src/new.ts': 'export const n = 1;\n' }, message: 'feat: new', date: new Date().toISOString() });
    expect((await run(repo, ['refresh'])).code).toBe(0);
    for (const hash of [old, bot]) {
      const r = await run(repo, ['ai-override', 'set', hash.slice(0, 8), '--score', '1', '--note', 'n', '--by', 'me']);
      expect(r.stdout).toContain("Note: the commit is not on the leaderboards (outside the analysis window, or a bot's), so nothing shown changes until it is.");
    }
    const shown = await run(repo, ['ai-override', 'set', fresh.slice(0, 8), '--score', '1', '--note', 'n', '--by', 'me']);
    expect(shown.stdout).not.toContain('Note:');
    expect((await run(repo, ['ai-override', 'list'])).stdout.trim().split('\n')).toHaveLength(3);
    // A merge is never scored: refused, not kept for a day that never comes.
    await repo.git('checkout', '-q', '-b', 'side', old);
    await repo.commit({ files: { 'src/side.ts': 'export const s = 1;\n' }, message: 'feat: side', date: new Date().toISOString() });
    await repo.git('checkout', '-q', '-');
    await repo.git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    const merged = await run(repo, ['ai-override', 'set', 'HEAD', '--score', '1', '--note', 'n', '--by', 'me']);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/Error: [0-9a-f]{12} is a merge commit: merges are not scored/);
    expect((await run(repo, ['ai-override', 'list'])).stdout.trim().split('\n')).toHaveLength(3);

    // An override of a commit amended away applies to nothing: list says so.
    const tip = await repo.commit({ files: { 'src/e.ts': 'export const e = 1;\n' }, message: 'feat: e', date: new Date().toISOString() });
    expect((await run(repo, ['refresh'])).code).toBe(0);
    await run(repo, ['ai-override', 'set', tip.slice(0, 8), '--score', '7', '--note', 'kept', '--by', 'me']);
    expect((await run(repo, ['ai-override', 'list'])).stdout).not.toContain('not in the history');
    await repo.git('commit', '-q', '--amend', '-m', 'feat: e, amended');
    const listed = (await run(repo, ['ai-override', 'list'])).stdout;
    expect(listed).toContain(`${tip.slice(0, 8)}  AI  7  `);
    expect(listed).toContain('me: kept  (not in the history)\n');
    expect(listed).toContain('Note: 1 commit marked "not in the history" is in no branch the board reads any more (amended, rebased or force-pushed away), so its override applies to nothing.');
    expect((await run(repo, ['ai-override', 'remove', tip.slice(0, 8)])).code).toBe(0);
  });
});

describe('leaderboard ai-override when the rebuild fails', () => {
  it('says the override is saved and that the next refresh rebuilds the board, exit 0', async () => {
    const repo = await newRepo();
    const hash = await repo.commit({ files: { 'src/a.ts': 'export const a = 1;\n' }, message: 'feat: a', date: new Date().toISOString() });
    expect((await run(repo, ['refresh'])).code).toBe(0);
    // The chunk folder made a file: the rebuild cannot write the page's files.
    const chunks = `${repo.dir}/.leaderboard/leaderboard-chunks`;
    await rm(chunks, { recursive: true });
    await writeFile(chunks, 'not a folder');
    const r = await run(repo, ['ai-override', 'set', hash.slice(0, 8), '--score', '3', '--note', 'n', '--by', 'me']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nNote: it is saved, but the leaderboards could not be rebuilt \(.*leaderboard-chunks.*\); the next refresh rebuilds them\.\n$/);
    expect((await run(repo, ['ai-override', 'list'])).stdout).toContain(hash.slice(0, 8));
    await rm(chunks);
    expect((await run(repo, ['refresh'])).code).toBe(0);
    expect(readRawData(`${repo.dir}/.leaderboard`).commits.find((c) => c.full_hash === hash)?.scores.ai).toBe(3);
  });
});

/** `n` commits an hour apart, newest an hour ago: `feat: <prefix>0`, ... */
async function hourlyCommits(repo: TestRepo, n: number, prefix: string): Promise<void> {
  for (let i = 0; i < n; i++) await repo.commit({ files: { [`src/${prefix}${i}.ts`]: `export const ${prefix}${i} = ${i};\n` }, message: `feat: ${prefix}${i}`, date: new Date(Date.now() - (i + 1) * 3_600_000).toISOString() });
}

/** The built CLI run with the stub's key, sent Ctrl-C (SIGINT) once `ready` resolves; its exit code and output. */
async function interrupted(repo: TestRepo, args: string[], ready: () => Promise<unknown>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.resolve('bin/leaderboard.js'), ...args], { cwd: repo.dir, env: { ...process.env, ...gitIsolationVars(), OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  await ready();
  child.kill('SIGINT');
  return { code: await closed, stdout, stderr };
}

describe('Ctrl-C during a refresh with an AI provider', () => {
  it('sends nothing more, keeps the answers on their way, writes the board, exits 130; the next refresh asks only the rest', async () => {
    const stub = await startAiStub({ reply: () => ({ kind: 'answer', score: 11, reason: 'Fine.' }), latencyMs: 150 });
    try {
      const repo = await newRepo();
      await hourlyCommits(repo, 24, 'm');
      const args = ['refresh', '--ai', 'openai', '--ai-base-url', stub.openaiBaseUrl, '--ai-concurrency', '2', '--quiet'];
      const { code, stdout, stderr } = await interrupted(repo, args, () => expect.poll(() => stub.requests.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4));
      expect(stderr).toContain('Stopping: no more commits are sent to the AI provider');
      expect(code).toBe(130);
      expect(stdout).toMatch(/fell back to the local estimate\)/);
      const asked = stub.requests.length;
      expect(asked).toBeLessThan(24);
      // Every answer received is in the AI cache; the board is written with all 24 commits.
      const cached = (await readFile(`${repo.dir}/.leaderboard/ai-cache.jsonl`, 'utf8')).trim().split('\n');
      expect(cached).toHaveLength(asked);
      expect(stdout).toMatch(/^Analysed 24 commits/m);
      // The next refresh asks about the rest only: no commit twice.
      const again = await run(repo, ['refresh', '--ai', 'openai', '--ai-base-url', stub.openaiBaseUrl], { OPENAI_API_KEY: 'test-key' });
      expect(again.code).toBe(0);
      expect(stub.requests).toHaveLength(24);
      const subjects = stub.requests.map((q) => /feat: m\d+/.exec(q.promptText)?.[0]);
      expect(new Set(subjects).size).toBe(24);
    } finally {
      await stub.close();
    }
  });
});

describe('Ctrl-C during serve\'s first refresh', () => {
  it('lets the refresh write its files, keeps every answer, releases the serve lock and exits 130', async () => {
    const stub = await startAiStub({ reply: () => ({ kind: 'answer', score: 9, reason: 'Ok.' }), latencyMs: 100 });
    try {
      const repo = await newRepo();
      await hourlyCommits(repo, 12, 's');
      const args = ['serve', '--no-open', '--port', '0', '--ai', 'openai', '--ai-base-url', stub.openaiBaseUrl, '--ai-concurrency', '1'];
      const { code, stdout, stderr } = await interrupted(repo, args, () => expect.poll(() => stub.requests.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2));
      const out = stdout + stderr;
      expect(out).toContain('Finishing the refresh in progress... (Ctrl-C again exits at once)');
      expect(code).toBe(130);
      expect(out).toMatch(/^Analysed 12 commits/m);
      expect((await readFile(`${repo.dir}/.leaderboard/ai-cache.jsonl`, 'utf8')).trim().split('\n')).toHaveLength(stub.requests.length);
      await expect(readFile(`${repo.dir}/.leaderboard/serve.lock`)).rejects.toThrow(/ENOENT/);
      expect(out).not.toContain('Leaderboard: http');
    } finally {
      await stub.close();
    }
  });
});

describe('a broken ai-overrides.json, kept by hand', () => {
  it('is named, and exits 2 as a broken manual-contributions.json does, whichever command reads it', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'src/a.ts': 'export const a = 1;\n' }, message: 'feat: a', date: new Date().toISOString() });
    expect((await run(repo, ['refresh'])).code).toBe(0);
    const dir = `${repo.dir}/.leaderboard`;
    const expectInputError = async (file: string, args: string[]) => {
      const r = await run(repo, args);
      expect(r.stderr, args.join(' ')).toContain(`Error: ${dir}/${file} is not valid JSON`);
      expect(r.code, args.join(' ')).toBe(2);
    };
    await writeFile(`${dir}/manual-contributions.json`, '{ "contributors": ');
    await expectInputError('manual-contributions.json', ['refresh']);
    await rm(`${dir}/manual-contributions.json`);
    await writeFile(`${dir}/ai-overrides.json`, '{ "overrides": ');
    for (const args of [['refresh'], ['ai-override', 'list'], ['ai-override', 'set', 'HEAD', '--score', '3', '--note', 'n', '--by', 'me']]) await expectInputError('ai-overrides.json', args);
  });

  it('says how to get it back as it is: by hand or from git, as no backup of it is kept', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'src/a.ts': 'export const a = 1;\n' }, message: 'feat: a', date: new Date().toISOString() });
    const file = `${repo.dir}/.leaderboard/ai-overrides.json`;
    const hintTail = ` or restore the version you committed (git checkout -- ${file}); leaderboard keeps no backup of it.`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{ "overrides": ');
    const notJson = await run(repo, ['ai-override', 'list']);
    expect(notJson.stderr).toContain(`Hint: Fix the file by hand${hintTail}`);
    await writeFile(file, JSON.stringify({ overrides: [{ hash: 'abc', score: 3, note: 'n', by: 'me', at: '2026-01-01T00:00:00.000Z' }] }));
    const badField = await run(repo, ['refresh']);
    expect(badField.stderr).toContain('overrides.0.hash: must be a full commit hash');
    expect(badField.stderr).toContain(`Hint: Fix the named field${hintTail}`);
    expect(badField.stderr).not.toMatch(/backup\./);
    // True: nothing beside it holds a copy.
    expect((await readdir(path.dirname(file))).filter((f) => /overrides|backup/.test(f))).toEqual(['ai-overrides.json']);
  });
});

describe('leaderboard serve --ai', () => {
  it('scores its refreshes through the provider and says which at start; without one it says the local estimate is used', async () => {
    const stub = await startAiStub({ reply: () => ({ kind: 'answer', score: 7, reason: 'Served.' }) });
    const repo = await newRepo();
    const env = { ...gitIsolationVars(), OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: '' };
    await repo.commit({ files: { 'src/s.ts': 'export const s = 1;\n' }, message: 'feat: s', date: new Date().toISOString() });
    const served = await startServe(['--ai', 'openai', '--ai-model', 'gpt-serve', '--ai-base-url', stub.openaiBaseUrl, '--ai-concurrency', '2'], { cwd: repo.dir, env });
    try {
      expect(served.output()).toContain(`AI part: openai:gpt-serve at ${stub.openaiBaseUrl}, 2 requests at a time.`);
      expect(served.output()).toMatch(/AI part: openai:gpt-serve \(1 asked, 0 from the AI cache, 0 fell back to the local estimate\)\./);
      const data = spelledOut(await (await fetch(`${served.url}leaderboard-data.json`)).json() as WrittenLeaderboardData);
      expect(data.commits[0]?.scores.ai_reason).toBe('Served.');
    } finally {
      await served.stop();
      await stub.close();
    }
    const plain = await startServe(['--refresh-interval', '1h'], { cwd: repo.dir, env: { ...env, OPENAI_API_KEY: '' } });
    try {
      expect(plain.output()).toContain('AI part: local estimate (no AI provider configured; see --ai).');
    } finally {
      await plain.stop();
    }
  });
});
