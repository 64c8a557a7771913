/**
 * A disk cache of what support/github-openapi.ts works out from GitHub's OpenAPI description for
 * one operation and status: a fixed answer, or a validator as ajv's standalone code. About twenty
 * test files start the GitHub emulator, each in its own process, and each read the 13 MB
 * description and compiled the same validators again (0.1-0.6 s each, 2-4 s a file). The cache
 * is keyed by the text of the two files that make the plans and by the versions of ajv,
 * ajv-formats and the description, so a change to any of them starts a new one. It lives in
 * node_modules/.cache (as other tools' caches do); where it cannot be written, plans are made
 * in memory only.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';

/** What checking a body against one operation and status comes to. */
export type Plan =
  /** The description has no such operation: an error for the emulator's author. */
  | { error: string }
  /** Always this problem; or none when there is no body, with `unlessNoBody`. */
  | { problem: string; unlessNoBody?: boolean }
  /** A validator (ajv's standalone code, a CommonJS module). */
  | { code: string }
  /** Nothing to check. */
  | { none: true };

const require = createRequire(import.meta.url);

/** The cache's folder for this code and these versions. */
function cacheDir(): string {
  const hash = createHash('sha1');
  for (const file of [fileURLToPath(import.meta.url), fileURLToPath(new URL('github-openapi.ts', import.meta.url))]) hash.update(readFileSync(file));
  for (const pkg of ['ajv', 'ajv-formats', '@octokit/openapi']) hash.update(`\0${pkg}@${(require(`${pkg}/package.json`) as { version: string }).version}`);
  hash.update(`\0${statSync(require.resolve('@octokit/openapi/generated/api.github.com.json')).size}`);
  return path.resolve('node_modules', '.cache', 'lb-github-openapi', hash.digest('hex').slice(0, 16));
}

/** Plans by key, from memory, else from the disk, else made by `make` and kept in both. */
export class PlanCache {
  private readonly dir = cacheDir();
  private readonly plans = new Map<string, { plan: Plan; validate?: ValidateFunction }>();

  get(key: string, make: () => Plan): { plan: Plan; validate?: ValidateFunction } {
    let entry = this.plans.get(key);
    if (!entry) {
      const plan = this.read(key) ?? this.write(key, make());
      entry = { plan, ...('code' in plan ? { validate: load(plan.code) } : {}) };
      this.plans.set(key, entry);
    }
    return entry;
  }

  private file(key: string): string {
    return path.join(this.dir, `${createHash('sha1').update(key).digest('hex')}.json`);
  }

  private read(key: string): Plan | undefined {
    try {
      const stored = JSON.parse(readFileSync(this.file(key), 'utf8')) as { key: string; plan: Plan };
      return stored.key === key ? stored.plan : undefined;
    } catch {
      return undefined; // not made yet
    }
  }

  private write(key: string, plan: Plan): Plan {
    try {
      mkdirSync(this.dir, { recursive: true });
      // Written whole, then renamed: another test process may read it at any moment.
      const temp = `${this.file(key)}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ key, plan }));
      renameSync(temp, this.file(key));
    } catch {
      // A read-only node_modules: made again next time.
    }
    return plan;
  }
}

/** A validator from ajv's standalone code (it requires ajv's runtime and ajv-formats' formats). */
function load(code: string): ValidateFunction {
  const module = { exports: {} as { default?: ValidateFunction } };
  // The code ajv generated, as it would be required from a file.
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return (module.exports.default ?? module.exports) as ValidateFunction;
}
