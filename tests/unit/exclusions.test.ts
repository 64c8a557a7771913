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
    expect(exclude('src/out/x.ts')).toBeNull();
    expect(exclude('vendor/x.go')).toBeNull();
    expect(exclude('src/a.ts')).toBeNull();
  });
});
