import { spawn, type SpawnOptions } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** Everything the bench keeps between runs lives under here (the synthetic repositories). */
export const BENCH_ROOT = path.join(os.tmpdir(), 'leaderboard-bench');

// Set by git hooks and wrappers; they would point git at another repository.
const REPO_LOCATING_VARS = [
  'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR', 'GIT_NAMESPACE', 'GIT_PREFIX', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_AUTHOR_DATE',
  'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'GIT_COMMITTER_DATE', 'GIT_CONFIG', 'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
];

let cachedEnv: NodeJS.ProcessEnv | undefined;

/**
 * The environment of every git (and CLI) process the bench starts: no system config, and a
 * HOME and global config of the bench's own, so the machine's settings change nothing measured.
 */
export function isolatedEnv(): NodeJS.ProcessEnv {
  if (cachedEnv) return cachedEnv;
  const home = path.join(BENCH_ROOT, 'home');
  mkdirSync(home, { recursive: true });
  const gitconfig = path.join(home, '.gitconfig');
  writeFileSync(gitconfig, '[user]\n\tname = Bench\n\temail = bench@example.com\n[init]\n\tdefaultBranch = main\n[gc]\n\tauto = 0\n');
  const env: NodeJS.ProcessEnv = {
    ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'),
    GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: gitconfig, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C.UTF-8',
  };
  for (const name of REPO_LOCATING_VARS) delete env[name];
  cachedEnv = env;
  return env;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number | null;
  /** Wall time in milliseconds, from spawn to exit. */
  ms: number;
}

/**
 * Runs a command to completion in the isolated environment; rejects on a non-zero exit.
 * `discardStdout` counts stdout bytes instead of keeping them (for git log's big output).
 */
export function run(cmd: string, args: readonly string[], opts: { cwd?: string; input?: string; discardStdout?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult & { stdoutBytes: number }> {
  return new Promise((resolve, reject) => {
    const spawnOpts: SpawnOptions = { cwd: opts.cwd, env: opts.env ?? isolatedEnv(), stdio: ['pipe', 'pipe', 'pipe'] };
    const started = performance.now();
    const child = spawn(cmd, args, spawnOpts);
    const out: Buffer[] = [];
    let bytes = 0;
    let stderr = '';
    child.stdout?.on('data', (b: Buffer) => {
      bytes += b.length;
      if (!opts.discardStdout) out.push(b);
    });
    child.stderr?.on('data', (b: Buffer) => { stderr += b.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const stdout = Buffer.concat(out).toString('utf8');
      if (code !== 0) reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}: ${stderr.trim().slice(0, 2000)}`));
      else resolve({ stdout, stderr, code, ms, stdoutBytes: bytes });
    });
    // A command may exit before reading its input (EPIPE); its exit code says what went wrong.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(opts.input ?? '');
  });
}

export const git = (cwd: string, args: readonly string[], opts: { input?: string; discardStdout?: boolean } = {}) =>
  run('git', args, { ...opts, cwd });

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const fmtMs = (ms: number): string => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);

export function fmtBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}
