/**
 * The AI step of a refresh against the loopback stub of the OpenAI and Anthropic APIs, through
 * the official SDKs: what is sent, the cache, concurrency, fallbacks and failures.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { aiDryRun } from '../../src/core/ai/dry-run.js';
import { setAiOverride } from '../../src/core/ai/overrides.js';
import { DIFF_BUDGET, PROMPT_VERSION, SYSTEM_PROMPT } from '../../src/core/ai/prompt.js';
import { defaultConfig } from '../../src/core/config.js';
import { dataDirPaths } from '../../src/core/store/data-dir.js';
import { startAiStub } from '../support/ai-stub.js';
import { aiTestResources, readStatusFile, readWritten, refreshWith, rowOf, sourceCommits, stubSettings } from './support.js';

const res = aiTestResources();

describe('AI scoring with a provider', () => {
  it('sends each eligible commit once with its model and a bounded prompt, never excluded content, and keeps score, source and reason', async () => {
    const stub = await res.stub({ reply: (r) => ({ kind: 'answer', score: r.promptText.includes('big module') ? 21 : 9, reason: `Reason for ${r.promptText.includes('big module') ? 'big' : 'small'}.` }) });
    const repo = await res.repo();
    const dataDir = await res.dataDir();
    const big = await repo.commit({
      files: {
        'src/big.ts': Array.from({ length: 3000 }, (_, i) => `export const line${i} = ${i}; // big module`).join('\n'),
        'package-lock.json': '{"SECRET_LOCKFILE_CONTENT": true}\n',
        'vendor/lib.js': 'SECRET_VENDORED_CONTENT();\n',
      },
      message: 'feat: big module\n\nAdds the big module.',
    });
    const small = await repo.commit({ files: { 'src/small.ts': 'export const s = 1;\n' }, message: 'fix: small thing' });
    const onlyExcluded = await repo.commit({ files: { 'package-lock.json': '{"v": 2}\n' }, message: 'chore: lock' });
    const bot = await repo.commit({ files: { 'src/bot.ts': 'export const b = 1;\n' }, message: 'chore: bump', author: { name: 'dependabot[bot]', email: 'bot@users.noreply.github.com' } });
    const empty = await repo.commit({ message: 'empty commit' });

    const result = await refreshWith(repo, dataDir, stubSettings(stub));
    expect(result.ai).toMatchObject({ source: 'openai:gpt-stub', sent: 2, cached: 0, failed: 0, partial: false });
    expect(stub.requests).toHaveLength(2);
    for (const r of stub.requests) {
      expect(r.model).toBe('gpt-stub');
      expect(r.promptText).toContain(SYSTEM_PROMPT.slice(0, 60));
      // The system prompt, the frame and the diff budget: nothing unbounded.
      expect(r.promptText.length).toBeLessThan(SYSTEM_PROMPT.length + DIFF_BUDGET + 6_000);
      expect(r.promptText).not.toMatch(/SECRET_(LOCKFILE|VENDORED)_CONTENT/);
    }
    const bigPrompt = stub.requests.find((r) => r.promptText.includes('Subject: feat: big module'))?.promptText ?? '';
    expect(bigPrompt).toContain('package-lock.json (+1 -0) [excluded: content not shown]');
    expect(bigPrompt).toContain('Adds the big module.');
    expect(bigPrompt).toMatch(/Diff \(partial/);

    expect((await rowOf(dataDir, big)).scores).toMatchObject({ ai: 21, ai_source: 'openai:gpt-stub', ai_reason: 'Reason for big.' });
    expect((await rowOf(dataDir, small)).scores).toMatchObject({ ai: 9, ai_source: 'openai:gpt-stub', ai_reason: 'Reason for small.' });
    // Never sent: every file excluded, no file at all (bots are left out of the data file).
    expect((await rowOf(dataDir, onlyExcluded)).scores).toMatchObject({ ai: 0, ai_source: 'heuristic' });
    expect((await rowOf(dataDir, empty)).scores.ai_source).toBe('heuristic');
    expect(stub.requests.some((r) => r.promptText.includes('chore: bump'))).toBe(false);
    expect(bot).toMatch(/^[0-9a-f]{40}$/);
    expect((await readWritten(dataDir)).metadata).toMatchObject({ scoring: { ai: 'openai:gpt-stub' } });
    expect(await readStatusFile(dataDir)).toMatchObject({ success: true, ai: { sent: 2, partial: false } });

    // The answers are kept by hash, provider, model and prompt version.
    const lines = (await readFile(dataDirPaths(dataDir).aiCache, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ provider: 'openai', model: 'gpt-stub', prompt: PROMPT_VERSION });

    // A second refresh with a new commit asks about that commit only.
    const next = await repo.commit({ files: { 'src/next.ts': 'export const n = 1;\n' }, message: 'feat: next' });
    const again = await refreshWith(repo, dataDir, stubSettings(stub));
    expect(stub.requests).toHaveLength(3);
    expect(stub.requests[2]?.promptText).toContain('feat: next');
    expect(again.ai).toMatchObject({ sent: 1 });
    expect((await rowOf(dataDir, next)).scores.ai_source).toBe('openai:gpt-stub');
    // The commonest source (3 of 5 rows now) is the table's default, left out of its rows.
    const written = await readWritten(dataDir);
    expect(written.commit_defaults.ai_source).toBe('openai:gpt-stub');
    expect(written.commits.find((c) => c.full_hash === big)?.scores.ai_source).toBeUndefined();
    expect(written.commits.find((c) => c.full_hash === empty)?.scores.ai_source).toBe('heuristic');

    // Rebuilding the score cache from scratch (deleted) asks nothing: the AI cache answers.
    await readFile(dataDirPaths(dataDir).cache).then(() => import('node:fs/promises')).then((fs) => fs.rm(dataDirPaths(dataDir).cache));
    const rebuilt = await refreshWith(repo, dataDir, stubSettings(stub));
    expect(stub.requests).toHaveLength(3);
    expect(rebuilt.ai).toMatchObject({ sent: 0, cached: 3 });
  });

  it('asks about a bot\'s commits once they no longer count as a bot\'s', async () => {
    const stub = await res.stub({ reply: () => ({ kind: 'answer', score: 17, reason: 'Useful.' }) });
    const repo = await res.repo();
    const dataDir = await res.dataDir();
    const robot = await repo.commit({ files: { 'src/release.ts': 'export const r = 1;\n' }, message: 'feat: release notes', author: { name: 'Release Robot', email: 'robot@example.com' } });
    await sourceCommits(repo, 1);
    const withBots = (patterns: string[]) => {
      const config = defaultConfig();
      config.bots.patterns = patterns;
      return refreshWith(repo, dataDir, stubSettings(stub), { config });
    };
    expect((await withBots(['robot'])).ai).toMatchObject({ sent: 1 });
    expect(stub.requests.some((r) => r.promptText.includes('feat: release notes'))).toBe(false);
    const after = await withBots([]);
    expect(after.ai).toMatchObject({ sent: 1, cached: 0 });
    expect(stub.requests.filter((r) => r.promptText.includes('feat: release notes'))).toHaveLength(1);
    expect((await rowOf(dataDir, robot)).scores).toMatchObject({ ai: 17, ai_source: 'openai:gpt-stub' });
    // Scored by the provider now: the next refresh asks nothing.
    expect((await withBots([])).upToDate).toBe(true);
    expect(stub.requests).toHaveLength(2);
  });

  it('runs at most --ai-concurrency requests at once', async () => {
    const stub = await res.stub({ latencyMs: 80 });
    const repo = await res.repo();
    await sourceCommits(repo, 9);
    await refreshWith(repo, await res.dataDir(), stubSettings(stub, { concurrency: 3 }));
    expect(stub.requests).toHaveLength(9);
    expect(stub.maxInFlight).toBe(3);
  });

  it('asks once more after a malformed or out-of-range answer, then falls back to the local estimate, marked, and asks again next refresh', async () => {
    const stub = await res.stub();
    const repo = await res.repo();
    const dataDir = await res.dataDir();
    const [fixedOnRetry, neverRight, outOfRange] = await sourceCommits(repo, 3);
    const tries = new Map<string, number>();
    stub.setReply((r) => {
      const subject = /Subject: (.*)/.exec(r.promptText)?.[1] ?? '';
      const n = (tries.get(subject) ?? 0) + 1;
      tries.set(subject, n);
      if (subject === 'feat: module 0') return n === 1 ? { kind: 'text', text: 'I think it is good' } : { kind: 'answer', score: 17, reason: 'Fixed on retry.' };
      if (subject === 'feat: module 1') return { kind: 'text', text: '```json\n{"score": "high"}\n```' };
      return { kind: 'answer', score: 40, reason: 'Too high.' };
    });
    const result = await refreshWith(repo, dataDir, stubSettings(stub, { concurrency: 1 }));
    expect(stub.requests).toHaveLength(6);
    expect(stub.requests[1]?.promptText).toContain('Your previous answer could not be used');
    expect(result.ai).toMatchObject({ sent: 1, failed: 2, partial: true });
    expect((await rowOf(dataDir, fixedOnRetry!)).scores).toMatchObject({ ai: 17, ai_source: 'openai:gpt-stub' });
    const bad = (await rowOf(dataDir, neverRight!)).scores;
    expect(bad.ai_source).toBe('heuristic');
    expect(bad.ai_fallback).toMatch(/openai:gpt-stub gave no usable answer/);
    expect(bad.ai_reason).toMatch(/line/);
    expect((await rowOf(dataDir, outOfRange!)).scores.ai_fallback).toMatch(/score/);
    expect(await readStatusFile(dataDir)).toMatchObject({ success: true, ai: { partial: true, failed: 2 } });

    // Nothing changed in git, but the partial step is not "up to date": the two are asked again.
    stub.setReply(() => ({ kind: 'answer', score: 5, reason: 'Fine now.' }));
    const again = await refreshWith(repo, dataDir, stubSettings(stub, { concurrency: 1 }));
    expect(again.upToDate).toBe(false);
    expect(again.ai).toMatchObject({ sent: 2, cached: 0, failed: 0, partial: false });
    expect(stub.requests).toHaveLength(8);
    expect((await rowOf(dataDir, neverRight!)).scores).toMatchObject({ ai: 5, ai_source: 'openai:gpt-stub' });
    expect((await refreshWith(repo, dataDir, stubSettings(stub))).upToDate).toBe(true);
  });

  it('scores every other commit when the server refuses one commit\'s request (a diff too long for its context)', async () => {
    const stub = await res.stub();
    const repo = await res.repo();
    const dataDir = await res.dataDir();
    const [, refused] = await sourceCommits(repo, 6);
    stub.setReply((r) => (/Subject: feat: module 1\b/.test(r.promptText)
      ? { kind: 'status', status: 400, message: 'the request exceeds the available context size' }
      : { kind: 'answer', score: 9, reason: 'Fine.' }));
    const result = await refreshWith(repo, dataDir, stubSettings(stub, { concurrency: 1 }));
    expect(result.ai).toMatchObject({ sent: 5, failed: 1, partial: true });
    expect((await rowOf(dataDir, refused!)).scores).toMatchObject({ ai_source: 'heuristic', ai_fallback: expect.stringMatching(/refused the request \(400/) as unknown });
    // The next refresh asks that commit alone again.
    const again = await refreshWith(repo, dataDir, stubSettings(stub, { concurrency: 1 }));
    expect(again.ai).toMatchObject({ sent: 0, failed: 1 });
  });

  it('gives up a model that gives no usable answer for three commits in a row, saying to try another', async () => {
    const stub = await res.stub({ reply: () => ({ kind: 'answer', score: 80, reason: 'On a scale of 100.' }) });
    const repo = await res.repo();
    await sourceCommits(repo, 5);
    const dataDir = await res.dataDir();
    const result = await refreshWith(repo, dataDir, stubSettings(stub, { concurrency: 1 }));
    // Three commits asked twice each; the other two never sent.
    expect(stub.requests).toHaveLength(6);
    expect(result.ai).toMatchObject({ sent: 0, failed: 5, partial: true });
    expect(result.ai?.error).toMatch(/^openai:gpt-stub gave no usable answer: the answer's score is wrong/);
    const notes = (await readWritten(dataDir)).commits.map((c) => c.scores.ai_fallback);
    expect(notes.filter((n) => n?.endsWith('; gave up after 3 commits in a row without one (try another --ai-model)'))).toHaveLength(2);
  });

  it('writes each answer as it arrives, so a refresh killed part-way keeps what it paid for', async () => {
    const repo = await res.repo();
    await sourceCommits(repo, 6);
    const dataDir = await res.dataDir();
    let answered = 0;
    const stub = await res.stub({ reply: () => (++answered <= 3 ? { kind: 'answer', score: 9, reason: 'Fine.' } : { kind: 'hang' }) });
    // While the fourth call hangs, the three answers are on disk already: a kill there (Ctrl-C
    // runs no clean-up) loses none of them.
    const running = refreshWith(repo, dataDir, stubSettings(stub, { concurrency: 1, timeoutMs: 1500, maxRetries: 0 }));
    await expect.poll(() => stub.requests.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    // Each answer's append is fsynced as it comes, not awaited before the next call goes out: on a busy machine the third may land a moment after the fourth call.
    await expect.poll(async () => (await readFile(dataDirPaths(dataDir).aiCache, 'utf8')).trim().split('\n').length, { timeout: 1_000 }).toBe(3);
    stub.setReply(() => ({ kind: 'answer', score: 9, reason: 'Fine.' }));
    await running;
  });

  it('retries a 429 after the Retry-After the provider asks for', async () => {
    const stub = await res.stub();
    const repo = await res.repo();
    const [hash] = await sourceCommits(repo, 1);
    let calls = 0;
    stub.setReply(() => (++calls === 1 ? { kind: 'status', status: 429, message: 'Slow down', headers: { 'retry-after': '1' } } : { kind: 'answer', score: 14, reason: 'After waiting.' }));
    const dataDir = await res.dataDir();
    await refreshWith(repo, dataDir, stubSettings(stub, { maxRetries: 2 }));
    expect(calls).toBe(2);
    const [first, second] = stub.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect((await rowOf(dataDir, hash!)).scores).toMatchObject({ ai: 14 });
  });

  it('gives up after three failed commits in a row (5xx, timeouts) and scores the rest locally without sending', async () => {
    const stub = await res.stub({ reply: () => ({ kind: 'status', status: 500, message: 'Internal trouble', headers: { 'retry-after-ms': '5' } }) });
    const repo = await res.repo();
    await sourceCommits(repo, 6);
    const dataDir = await res.dataDir();
    const result = await refreshWith(repo, dataDir, stubSettings(stub, { concurrency: 1, maxRetries: 1 }));
    // Three commits, each tried twice by the SDK; the other three never sent.
    expect(stub.requests).toHaveLength(6);
    expect(result.ai).toMatchObject({ sent: 0, failed: 6, partial: true });
    expect(result.ai?.error).toContain('openai:gpt-stub failed (500: Internal trouble)');
    const data = await readWritten(dataDir);
    expect(data.commits.every((c) => c.scores.ai_fallback !== undefined)).toBe(true);

    stub.setReply(() => ({ kind: 'hang' }));
    const timedOut = await refreshWith(repo, await res.dataDir(), stubSettings(stub, { concurrency: 1, timeoutMs: 200 }));
    expect(timedOut.ai?.error).toBe('openai:gpt-stub did not answer in time; gave up after 3 failures in a row');
    expect(stub.requests).toHaveLength(9);
  });

  it('stops at once on a refused key with one clear message that never shows the key, and the refresh still succeeds', async () => {
    const stub = await res.stub({ apiKey: 'the-right-key' });
    const repo = await res.repo();
    await sourceCommits(repo, 5);
    const dataDir = await res.dataDir();
    const result = await refreshWith(repo, dataDir, stubSettings(stub, { apiKey: 'sk-wrong-key-123456', concurrency: 1 }));
    expect(result.ai).toMatchObject({ sent: 0, failed: 5, partial: true });
    expect(result.ai?.error).toMatch(/^openai:gpt-stub refused the API key \(401.*check OPENAI_API_KEY$/);
    const status = await readFile(dataDirPaths(dataDir).status, 'utf8');
    expect(status).not.toContain('sk-wrong-key-123456');
    expect(JSON.parse(status)).toMatchObject({ success: true, ai: { partial: true } });
    expect((await readWritten(dataDir)).commits).toHaveLength(5);
  });

  it('stops at once when the connection drops or nothing listens', async () => {
    const stub = await res.stub({ reply: () => ({ kind: 'drop' }) });
    const repo = await res.repo();
    await sourceCommits(repo, 4);
    const dropped = await refreshWith(repo, await res.dataDir(), stubSettings(stub, { concurrency: 1 }));
    expect(stub.requests).toHaveLength(1);
    expect(dropped.ai?.error).toMatch(/openai:gpt-stub is unreachable at http:\/\/127\.0\.0\.1:\d+\/v1/);

    const closed = await startAiStub();
    const url = closed.openaiBaseUrl;
    await closed.close();
    const down = await refreshWith(repo, await res.dataDir(), stubSettings(closed, { baseUrl: url }));
    expect(down.ai).toMatchObject({ failed: 4, partial: true });
    expect(down.ai?.error).toMatch(/unreachable.*ECONNREFUSED/);
  });

  it('speaks the Anthropic messages API the same way', async () => {
    const stub = await res.stub({ reply: () => ({ kind: 'answer', score: 19, reason: 'Claude says so.' }) });
    const repo = await res.repo();
    const [hash] = await sourceCommits(repo, 1);
    const dataDir = await res.dataDir();
    await refreshWith(repo, dataDir, stubSettings(stub, { provider: 'anthropic' }));
    const [req] = stub.requests;
    expect(req?.api).toBe('anthropic');
    if (req?.api === 'anthropic') {
      expect(req.body.model).toBe('claude-stub');
      expect(req.body.system).toBe(SYSTEM_PROMPT);
      expect(req.body.max_tokens).toBeGreaterThan(0);
    }
    expect((await rowOf(dataDir, hash!)).scores).toMatchObject({ ai: 19, ai_source: 'anthropic:claude-stub', ai_reason: 'Claude says so.' });
  });

  it('keeps answers of another model until --rescore-ai, and overrides through every refresh', async () => {
    const stub = await res.stub();
    const repo = await res.repo();
    const [first, second] = await sourceCommits(repo, 2);
    const dataDir = await res.dataDir();
    await refreshWith(repo, dataDir, stubSettings(stub));
    expect(stub.requests).toHaveLength(2);
    await setAiOverride({ repo: repo.dir, dataDir, config: defaultConfig() }, { commit: first!.slice(0, 7), score: 25, note: 'Saved the release.', by: 'alice' });
    expect((await rowOf(dataDir, first!)).scores).toMatchObject({ ai: 25, ai_source: 'override', ai_reason: 'Saved the release.', ai_override: { by: 'alice', original: 12, original_source: 'openai:gpt-stub' } });

    // Another model: nothing is sent, the earlier answers stay (and say which model gave them).
    const other = stubSettings(stub, { model: 'gpt-other' });
    const switched = await refreshWith(repo, dataDir, other);
    expect(switched.upToDate).toBe(false);
    expect(switched.aiFromOtherModels).toBe(2);
    expect(stub.requests).toHaveLength(2);
    expect((await readWritten(dataDir)).metadata).toMatchObject({ scoring: { ai: 'openai:gpt-other' } });
    expect((await rowOf(dataDir, second!)).scores.ai_source).toBe('openai:gpt-stub');
    expect((await rowOf(dataDir, first!)).scores.ai_source).toBe('override');

    stub.setReply(() => ({ kind: 'answer', score: 3, reason: 'Other model.' }));
    const rescored = await refreshWith(repo, dataDir, other, { rescoreAi: true });
    expect(rescored.ai).toMatchObject({ sent: 2, cached: 0 });
    // Scored again, not dropped: each is still in the history.
    expect(rescored.dropped).toBe(0);
    expect(rescored.aiFromOtherModels).toBe(0);
    expect(stub.requests.slice(2).map((r) => r.model)).toEqual(['gpt-other', 'gpt-other']);
    expect((await rowOf(dataDir, second!)).scores).toMatchObject({ ai: 3, ai_source: 'openai:gpt-other' });
    const overridden = await rowOf(dataDir, first!);
    expect(overridden.scores).toMatchObject({ ai: 25, ai_source: 'override', ai_override: { original: 3, original_source: 'openai:gpt-other' } });

    // Rescoring again sends nothing: both now have this model's answer.
    await refreshWith(repo, dataDir, other, { rescoreAi: true });
    expect(stub.requests).toHaveLength(4);
  });

  it('says why the AI step stopped: after three failures in a row, not only the first failure', async () => {
    const stub = await res.stub({ reply: () => ({ kind: 'status', status: 500, message: 'boom' }) });
    const repo = await res.repo();
    await sourceCommits(repo, 5);
    const result = await refreshWith(repo, await res.dataDir(), stubSettings(stub, { concurrency: 1, maxRetries: 0 }));
    expect(result.ai).toMatchObject({ sent: 0, failed: 5, partial: true });
    expect(result.ai?.error).toMatch(/^openai:gpt-stub failed \(500.*boom.*\); gave up after 3 failures in a row$/);
  });

  it('keeps the answers a --rescore-ai was to replace when the provider fails it', async () => {
    const stub = await res.stub();
    const repo = await res.repo();
    const hashes = await sourceCommits(repo, 3);
    const dataDir = await res.dataDir();
    await refreshWith(repo, dataDir, stubSettings(stub));
    expect((await rowOf(dataDir, hashes[0]!)).scores).toMatchObject({ ai: 12, ai_source: 'openai:gpt-stub' });
    stub.setReply(() => ({ kind: 'status', status: 500 }));
    const failed = await refreshWith(repo, dataDir, stubSettings(stub, { model: 'gpt-other', concurrency: 1, maxRetries: 0 }), { rescoreAi: true });
    expect(failed.ai).toMatchObject({ sent: 0, failed: 3, partial: true });
    for (const hash of hashes) expect((await rowOf(dataDir, hash)).scores).toMatchObject({ ai: 12, ai_source: 'openai:gpt-stub' });
  });

  it('estimates a dry run without sending or writing anything', async () => {
    const stub = await res.stub();
    const repo = await res.repo();
    await sourceCommits(repo, 3);
    await repo.commit({ files: { 'yarn.lock': 'x\n' }, message: 'chore: lock' });
    const dataDir = await res.dataDir();
    const report = await aiDryRun({ repo: repo.dir, dataDir, config: defaultConfig(), all: true }, { provider: 'openai', model: 'gpt-stub' });
    expect(report).toMatchObject({ source: 'openai:gpt-stub', inWindow: 4, toSend: 3, cached: 0, skipped: 1, outputTokens: 180 });
    expect(report.inputTokens).toBeGreaterThan(3 * SYSTEM_PROMPT.length / 4);
    expect(stub.requests).toHaveLength(0);
    await expect(readFile(dataDirPaths(dataDir).data)).rejects.toThrow(/ENOENT/);

    await refreshWith(repo, dataDir, stubSettings(stub));
    const after = await aiDryRun({ repo: repo.dir, dataDir, config: defaultConfig(), all: true }, { provider: 'openai', model: 'gpt-stub' });
    expect(after).toMatchObject({ toSend: 0, cached: 3, skipped: 1, inputTokens: 0 });
  });
});
