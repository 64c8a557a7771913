import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { createExcluder, isMinified, LOCK_FILES } from '../../src/core/exclusions.js';

describe('LOCK_FILES', () => {
  it('lists the well-known lock files once each', () => {
    for (const name of [
      'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock',
      'Cargo.lock', 'poetry.lock', 'Pipfile.lock', 'uv.lock', 'pdm.lock', 'go.sum', 'Gemfile.lock',
      'composer.lock', 'mix.lock', 'pubspec.lock', 'Podfile.lock', 'flake.lock', 'packages.lock.json',
      'gradle.lockfile', 'deno.lock',
    ]) {
      expect(LOCK_FILES).toContain(name);
    }
    expect(new Set(LOCK_FILES).size).toBe(LOCK_FILES.length);
    expect(LOCK_FILES.every((name) => !name.includes('/'))).toBe(true);
  });
});

describe('isMinified', () => {
  it.each([
    'app.min.js', 'dist/app.min.mjs', 'dist/app.min.cjs', 'css/site.min.css', 'jquery-3.7.1-min.js',
    'vendor.bundle.min.js', 'x.bundle.min.css', 'APP.MIN.JS', 'app.min.js.map', 'data.min.json',
  ])('%s is minified', (path) => {
    expect(isMinified(path)).toBe(true);
  });

  it.each([
    'admin.js', 'src/min.js', 'min/app.js', 'app.js', 'app.min.ts', 'terminal.css', 'app.min.js/readme.md', 'mini.js',
  ])('%s is not minified', (path) => {
    expect(isMinified(path)).toBe(false);
  });
});

describe('createExcluder without attributes', () => {
  it('needs no git when the attribute rules are off', async () => {
    const settings = { ...defaultConfig().exclusions, generated: false, vendored: false, paths: ['**/*.generated.ts', 'out/', '/root-only/**'] };
    const exclude = await createExcluder('/nonexistent/repo', settings, ['a.ts']);
    expect(exclude('yarn.lock')).toBe('lockfile');
    expect(exclude('a/b/c.min.js')).toBe('minified');
    expect(exclude('src/api.generated.ts')).toBe('configured');
    expect(exclude('out/deep/file.js')).toBe('configured');
    expect(exclude('.hidden/x.generated.ts')).toBe('configured');
    expect(exclude('root-only/x.ts')).toBe('configured');
    expect(exclude('src/root-only/x.ts')).toBeNull();
    // As in .gitignore, `out/` is a folder named out at any depth (it was the root's only).
    expect(exclude('src/out/x.ts')).toBe('configured');
    expect(exclude('output/x.ts')).toBeNull();
    expect(exclude('vendor/x.go')).toBeNull();
    expect(exclude('src/a.ts')).toBeNull();
  });
});

describe('exclusions.paths naming a folder, as .gitignore does', () => {
  // Lock files counted, so that a configured `*.lock` is what leaves one out.
  const excluder = (paths: string[]) => createExcluder('/nonexistent/repo', { ...defaultConfig().exclusions, lockFiles: false, generated: false, vendored: false, paths }, []);

  it.each([['docs'], ['docs/'], ['docs/**'], ['/docs'], ['/docs/'], ['./docs'], ['./docs/']])('%s leaves out everything under docs/, and nothing else', async (pattern) => {
    const exclude = await excluder([pattern]);
    expect(exclude('docs/readme.md')).toBe('configured');
    expect(exclude('docs/guide/deep/intro.md')).toBe('configured');
    expect(exclude('docs.md')).toBeNull();
    expect(exclude('documents/a.md')).toBeNull();
    expect(exclude('src/docs.ts')).toBeNull();
    expect(exclude('src/index.ts')).toBeNull();
  });

  it('a name without a slash is a folder (or file) of that name at any depth; a slash anchors it to the root', async () => {
    const anywhere = await excluder(['docs']);
    expect(anywhere('packages/web/docs/api.md')).toBe('configured');
    expect(anywhere('src/docs')).toBe('configured');
    const rooted = await excluder(['/docs', 'vendor/lib']);
    expect(rooted('packages/web/docs/api.md')).toBeNull();
    expect(rooted('vendor/lib/x.c')).toBe('configured');
    expect(rooted('vendor/lib/sub/y.c')).toBe('configured');
    expect(rooted('vendor/lib')).toBe('configured');
    expect(rooted('vendor/library/x.c')).toBeNull();
    expect(rooted('src/vendor/lib/x.c')).toBeNull();
  });

  it('a trailing slash names folders only, and globs name folders too', async () => {
    const exclude = await excluder(['build/', 'generated-*', 'packages/*/dist']);
    expect(exclude('build')).toBeNull();
    expect(exclude('build/out.js')).toBe('configured');
    expect(exclude('app/build/out.js')).toBe('configured');
    expect(exclude('generated-api/client.ts')).toBe('configured');
    expect(exclude('packages/web/dist/index.js')).toBe('configured');
    expect(exclude('packages/web/src/index.ts')).toBeNull();
  });

  it('keeps file patterns as they were', async () => {
    const exclude = await excluder(['*.lock', 'package-lock.json', 'src/gen.ts', '**/*.snap']);
    expect(exclude('Cargo.lock')).toBe('configured');
    expect(exclude('deep/x/custom.lock')).toBe('configured');
    expect(exclude('package-lock.json')).toBe('configured');
    expect(exclude('web/package-lock.json')).toBe('configured');
    expect(exclude('yarn.lock.txt')).toBeNull();
    expect(exclude('src/gen.ts')).toBe('configured');
    expect(exclude('lib/src/gen.ts')).toBeNull();
    expect(exclude('tests/__snapshots__/a.test.ts.snap')).toBe('configured');
    expect(exclude('src/lock.ts')).toBeNull();
    expect(exclude('src/app.ts')).toBeNull();
  });
});
