// A refresh stopped by a signal says so in one line, and still ends by that signal (130, 143).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startAiStub } from '../support/ai-stub.js';
import { BIN } from '../support/cli.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { cli, tempResources } from './helpers.js';

const { newRepo } = tempResources();

const SAID = 'Refresh interrupted: no file was left half-written (each is replaced whole or not at all), and the next refresh goes on from what was saved.\n';

/**
 * `leaderboard refresh` against an AI stub that never answers, sent `signals` (one after another,
 * 300 ms apart) once the stub holds a request, so the refresh is surely in progress.
 */
async function stopped(signals: NodeJS.Signals[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; dir: string }> {
  const stub = await startAiStub({ reply: () => ({ kind: 'hang' }) });
  try {
    const repo = await newRepo();
    for (let i = 0; i < 3; i++) await repo.commit({ files: { [`src/f${i}.ts`]: `export const f${i} = ${i};\n` }, message: `feat: f${i}`, date: new Date(Date.now() - (i + 1) * 3_600_000).toISOString() });
    const args = ['refresh', '--quiet', '--ai', 'openai', '--ai-base-url', stub.openaiBaseUrl];
    const child = spawn(process.execPath, [BIN, ...args], { cwd: repo.dir, env: { ...process.env, ...gitIsolationVars(), OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
    await expect.poll(() => stub.requests.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    for (const [i, signal] of signals.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, 300));
      child.kill(signal);
    }
    return { ...(await closed), stderr, dir: repo.dir };
  } finally {
    await stub.close();
  }
}

describe('a refresh stopped by a signal', () => {
  it('SIGTERM: says the refresh was interrupted and what state is kept, and ends by SIGTERM (143)', async () => {
    const r = await stopped(['SIGTERM']);
    expect(r.stderr).toBe(SAID);
    expect({ signal: r.signal, code: r.code }).toEqual({ signal: 'SIGTERM', code: null });
    // True to its word: the next refresh runs (the lock of the killed one is taken over at once).
    expect(cli(r.dir, ['refresh', '--quiet']).code).toBe(0);
  }, 60_000);

  it('a second Ctrl-C, which exits at once: says so too, exit 130', async () => {
    const r = await stopped(['SIGINT', 'SIGINT']);
    expect(r.stderr).toContain('Stopping: no more commits are sent to the AI provider');
    expect(r.stderr.endsWith(SAID)).toBe(true);
    expect({ signal: r.signal, code: r.code }).toEqual({ signal: 'SIGINT', code: null });
  }, 60_000);
});
