/**
 * Running npm and an installed `leaderboard` as a stranger does, for the tests that install the
 * package (e2e/packed-package.test.ts, e2e/git-install.test.ts) from the loopback registry of
 * support/npm-registry.ts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The environment npm runs in: quiet, no audit or fund requests (the loopback registry has neither). */
export const npmEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  npm_config_loglevel: 'warn',
  ...extra,
});

/** PATH without this checkout's folders (npm test puts node_modules/.bin first), `first` in front. */
export function pathWithout(checkout: string, first: string): string {
  const kept = (process.env.PATH ?? '').split(path.delimiter).filter((p) => p && !path.resolve(p).startsWith(checkout));
  return [first, ...kept].join(path.delimiter);
}

/** A command run to its end without blocking this process (which may be serving it). */
export function runAsync(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 240_000);
    child.once('error', reject);
    child.once('close', (status) => { clearTimeout(timer); resolve({ status, stdout, stderr }); });
  });
}

/** npm's warnings that would tell a stranger this Node is not supported (the package says >=20.19). */
export const ENGINE_WARNING = /EBADENGINE|Unsupported engine/;

/** What `npm pack` of the checkout reads: the sources and what builds them, nothing of tests/. */
export const SOURCES = ['package.json', 'package-lock.json', 'README.md', 'LICENSE', 'bin', 'src', 'web', 'scripts',
  'tsconfig.base.json', 'tsconfig.build.json', 'tsconfig.json', 'vite.config.ts'];
