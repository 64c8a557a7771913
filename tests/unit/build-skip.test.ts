/**
 * `npm run build` skips itself when dist/ was built from the same files and is as that build left
 * it (npm builds a git install twice; `npm test` after `npm install` built again). Run here on a
 * package folder of its own, with steps that stand for tsc, the bundle and vite: never in this
 * checkout, whose dist/ the other tests use while they run.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { buildUnlessCurrent, STAMP } from '../../scripts/build.mjs';

type Build = (o: { root: string; steps: [string, string[]][]; env?: Record<string, string>; log?: (line: string) => void }) => Promise<number>;
const build = buildUnlessCurrent as Build;
const temp = mkdtempSync(path.join(os.tmpdir(), 'lb-build-skip-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let root = '';
let said: string[] = [];
// Copies src/a.ts into dist/ (as tsc would compile it) and counts the builds, in a file beside the package.
const compile = `const fs = require('fs'); fs.mkdirSync('dist', { recursive: true }); fs.writeFileSync('dist/a.js', fs.readFileSync('src/a.ts')); fs.appendFileSync('../builds.log', 'x');`;
const steps = (...more: string[]): [string, string[]][] => [[process.execPath, ['-e', compile]], ...more.map((code): [string, string[]] => [process.execPath, ['-e', code]])];
const run = (env: Record<string, string> = {}, extra: string[] = []) => build({ root, steps: steps(...extra), env, log: (line) => said.push(line) });
const builds = () => (existsSync(path.join(root, '../builds.log')) ? readFileSync(path.join(root, '../builds.log'), 'utf8').length : 0);
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = path.join(mkdtempSync(path.join(temp, 'case-')), 'pkg');
  mkdirSync(root);
  said = [];
  write('package.json', '{ "name": "p", "version": "1.0.0" }\n');
  write('src/a.ts', 'export const a = 1;\n');
  write('web/index.html', '<!doctype html>\n');
  write('node_modules/.package-lock.json', '{ "packages": { "node_modules/zod": { "version": "4.0.0" } } }\n');
});

describe('npm run build', () => {
  it('builds once, then skips while nothing it reads or wrote has changed, and says so', async () => {
    expect(await run()).toBe(0);
    expect(builds()).toBe(1);
    expect(existsSync(path.join(root, 'dist', STAMP as string))).toBe(true);
    expect(said).toEqual([]);
    expect(await run()).toBe(0);
    expect(builds()).toBe(1);
    expect(said).toEqual(['dist/ was built from these sources and dependencies and is unchanged since: build skipped. LEADERBOARD_REBUILD=1 npm run build builds it anyway.']);
  });

  it('builds again after a change to a source, a new untracked source, the page, a dependency or the manifest', async () => {
    await run();
    const changes: [string, string][] = [
      ['src/a.ts', 'export const a = 2;\n'],
      ['src/scratch.ts', 'export const s = 1;\n'],
      ['web/index.html', '<!doctype html><title>x</title>\n'],
      ['node_modules/.package-lock.json', '{ "packages": { "node_modules/zod": { "version": "4.0.1" } } }\n'],
      ['package.json', '{ "name": "p", "version": "1.0.1" }\n'],
      // A config a tool finds by looking upwards from its folder.
      ['postcss.config.js', 'export default {};\n'],
    ];
    for (const [i, [file, text]] of changes.entries()) {
      write(file, text);
      await run();
      expect(builds(), file).toBe(i + 2);
      await run();
      expect(builds(), `${file}, unchanged since`).toBe(i + 2);
    }
    expect(readFileSync(path.join(root, 'dist/a.js'), 'utf8')).toBe('export const a = 2;\n');
  });

  it('builds again when dist/ was changed or cut short since, or when asked to', async () => {
    await run();
    appendFileSync(path.join(root, 'dist/a.js'), '// edited by hand\n');
    await run();
    expect(builds()).toBe(2);
    rmSync(path.join(root, 'dist/a.js'));
    await run();
    expect(builds()).toBe(3);
    expect(existsSync(path.join(root, 'dist/a.js'))).toBe(true);
    await run({ LEADERBOARD_REBUILD: '1' });
    expect(builds()).toBe(4);
    // Vite builds another page for another NODE_ENV (or VITE_ variable).
    await run({ NODE_ENV: 'development' });
    expect(builds()).toBe(5);
    await run({ NODE_ENV: 'development' });
    expect(builds()).toBe(5);
    await run({ NODE_ENV: 'development', VITE_X: '1' });
    expect(builds()).toBe(6);
  });

  it('always builds when node_modules holds no record of npm\'s to stand for it', async () => {
    rmSync(path.join(root, 'node_modules/.package-lock.json'));
    await run();
    await run();
    expect(builds()).toBe(2);
    expect(said).toEqual([]);
  });

  it('names a tool that is not installed, and builds nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await build({ root, steps: [[process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'x']], ...steps()] })).toBe(1);
    expect(error.mock.calls).toEqual([['Error: the build needs node_modules/typescript/bin/tsc, which is not installed. Install the dependencies (npm install) and build again.']]);
    error.mockRestore();
    expect(builds()).toBe(0);
  });

  it('leaves no stamp after a failed step (its status is the build\'s) or a source changed during the build, so the next one builds', async () => {
    await run();
    write('src/a.ts', 'export const a = 3;\n');
    expect(await run({}, ['process.exit(3)'])).toBe(3);
    expect(existsSync(path.join(root, 'dist', STAMP as string))).toBe(false);
    await run();
    expect(builds()).toBe(3);
    await run({ LEADERBOARD_REBUILD: '1' }, [`require('fs').writeFileSync('src/a.ts', 'export const a = 4;\\n')`]);
    expect(builds()).toBe(4);
    expect(existsSync(path.join(root, 'dist', STAMP as string))).toBe(false);
    await run();
    expect(builds()).toBe(5);
    await run();
    expect(builds()).toBe(5);
  });
});
