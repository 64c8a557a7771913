// A build stopped by a signal while it writes the site says so in one line, as refresh does, and
// still ends by that signal (130, 143).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { cli, tempResources } from './helpers.js';

const { newRepo } = tempResources();

const HALF_MADE = 'the next build removes anything half-made beside it.\n';

/**
 * `leaderboard build --no-refresh ...args` in a repository built once, whose data file is then a
 * named pipe: the build waits on it while writing the site, and is sent `signal` once it does.
 */
async function stopped(signal: NodeJS.Signals, args: string[] = []): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; dir: string }> {
  const repo = await newRepo();
  await repo.commit({ files: { 'src/a.ts': 'export const a = 1;\n' }, message: 'feat: a', date: new Date(Date.now() - 3_600_000).toISOString() });
  expect(cli(repo.dir, ['build', '--quiet', '--no-admin']).code).toBe(0);
  const data = path.join(repo.dir, '.leaderboard', 'leaderboard-data.json');
  rmSync(data);
  expect(spawnSync('mkfifo', [data]).status).toBe(0);
  const child = spawn(process.execPath, [BIN, 'build', '--no-refresh', '--no-admin', ...args], { cwd: repo.dir, env: { ...process.env, ...gitIsolationVars() }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, sig) => resolve({ code, signal: sig })));
  // Opening the pipe's writing end without waiting succeeds only once the build reads it.
  let writer = -1;
  await expect.poll(() => {
    try {
      writer = openSync(data, constants.O_WRONLY | constants.O_NONBLOCK);
      return true;
    } catch {
      return false;
    }
  }, { timeout: 20_000 }).toBe(true);
  try {
    child.kill(signal);
    return { ...(await closed), stderr, dir: repo.dir };
  } finally {
    closeSync(writer);
  }
}

describe('a build stopped by a signal while writing the site', () => {
  it('SIGTERM: says the build was interrupted and that the site was left as it was, and ends by SIGTERM (143)', async () => {
    const r = await stopped('SIGTERM');
    expect(r.stderr).toBe(`Build interrupted: the site in .leaderboard/site was left as it was (a new site replaces it only once whole); ${HALF_MADE}`);
    expect({ signal: r.signal, code: r.code }).toEqual({ signal: 'SIGTERM', code: null });
    expect(readFileSync(path.join(r.dir, '.leaderboard', 'site', 'index.html'), 'utf8')).toContain('<html');
  }, 60_000);

  it('Ctrl-C with no site there yet: says none was written, and ends by SIGINT (130)', async () => {
    const r = await stopped('SIGINT', ['--out', 'public']);
    expect(r.stderr).toBe(`Build interrupted: no site was written to public; ${HALF_MADE}`);
    expect({ signal: r.signal, code: r.code }).toEqual({ signal: 'SIGINT', code: null });
  }, 60_000);
});
