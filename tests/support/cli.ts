import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The built executable, as a user runs it. */
export const BIN = path.resolve('bin/leaderboard.js');

/**
 * This process's environment without a GitHub token: a token on the machine running the tests
 * would make every refresh read reviews from the configured GitHub; a test that wants it passes it.
 * Nor NODE_EXTRA_CA_CERTS: node reads and parses that file of certificates as it starts (40 of
 * the 160 ms a `leaderboard --version` took, in each of the hundreds of commands the tests run),
 * and the commands the tests run speak plain HTTP on loopback only.
 */
function baseEnv(): NodeJS.ProcessEnv {
  const { GITHUB_TOKEN: _a, GH_TOKEN: _b, NODE_EXTRA_CA_CERTS: _c, ...rest } = process.env;
  return rest;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `leaderboard ...args` to completion (off a terminal, so no progress and no browser). */
export function runCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? process.cwd(),
    env: { ...baseEnv(), ...opts.env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts `leaderboard serve --no-open --port 0 ...args` and waits for the address it prints;
 * `configuredPort` leaves --port out, for the port of the config.
 */
export async function startServe(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; configuredPort?: boolean } = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--no-open', ...(opts.configuredPort ? [] : ['--port', '0']), ...args], {
    cwd: opts.cwd ?? process.cwd(),
    env: { ...baseEnv(), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { out += d.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not print its address in time:\n${out}`)), 60_000);
    const check = () => {
      const m = /Leaderboard: (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * `runCli` without blocking the event loop: for tests whose CLI talks to a server running in the
 * test process itself (the GitHub emulator), which `spawnSync` would starve.
 */
export function runCliAsync(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd ?? process.cwd(),
      env: { ...baseEnv(), ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
