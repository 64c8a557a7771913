import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, type LeaderboardConfig } from '../../src/core/config.js';
import { createExcluder, LOCK_FILES } from '../../src/core/exclusions.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

type Settings = LeaderboardConfig['exclusions'];
const defaults = (): Settings => defaultConfig().exclusions;

const ATTRIBUTES = [
  'gen/** linguist-generated',
  '*.pb.go linguist-generated=true',
  'gen/keep.ts -linguist-generated',
  'gen/also.ts linguist-generated=false',
  'gen/odd.ts linguist-generated=nonsense',
  'third_party/** linguist-vendored',
  'third_party/ours/** -linguist-vendored',
  'vendor/ours/** linguist-vendored=false',
  '',
].join('\n');

const PATHS = [
  'src/app.ts',
  'gen/api.ts', 'gen/keep.ts', 'gen/also.ts', 'gen/odd.ts', 'proto/x.pb.go',
  'third_party/lib.c', 'third_party/ours/patch.c',
  'vendor/github.com/x/y.go', 'web/node_modules/left-pad/index.js', 'vendor/ours/kept.go', 'src/vendors/not.ts',
  'public/app.min.js', 'public/app.min.css', 'lib/jquery-3.7-min.js', 'src/admin.js',
  'docs/generated/api.md', 'tests/__snapshots__/a.test.ts.snap', 'fixtures/big.json',
  'weird "name" | ünï\tcode.ts',
];

let repo: TestRepo;
beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  repo = await createTestRepo();
  await repo.commit({ files: { '.gitattributes': ATTRIBUTES, 'README.md': 'x\n' } });
});
afterAll(() => repo.cleanup());

async function reasons(settings: Settings, paths: string[] = PATHS): Promise<Record<string, string | null>> {
  const exclude = await createExcluder(repo.dir, settings, paths);
  return Object.fromEntries(paths.map((p) => [p, exclude(p)]));
}

describe('createExcluder', () => {
  it('applies every rule with the defaults plus configured globs', async () => {
    const settings = { ...defaults(), paths: ['docs/generated/**', '*.snap', 'fixtures/'] };
    expect(await reasons(settings)).toEqual({
      'src/app.ts': null,
      'gen/api.ts': 'generated',
      'gen/keep.ts': null,
      'gen/also.ts': null,
      'gen/odd.ts': null,
      'proto/x.pb.go': 'generated',
      'third_party/lib.c': 'vendored',
      'third_party/ours/patch.c': null,
      'vendor/github.com/x/y.go': 'vendored',
      'web/node_modules/left-pad/index.js': 'vendored',
      'vendor/ours/kept.go': null,
      'src/vendors/not.ts': null,
      'public/app.min.js': 'minified',
      'public/app.min.css': 'minified',
      'lib/jquery-3.7-min.js': 'minified',
      'src/admin.js': null,
      'docs/generated/api.md': 'configured',
      'tests/__snapshots__/a.test.ts.snap': 'configured',
      'fixtures/big.json': 'configured',
      'weird "name" | ünï\tcode.ts': null,
    });
  });

  it('excludes every kind of lock file, at the root or nested', async () => {
    const paths = LOCK_FILES.flatMap((name) => [name, `packages/app/${name}`]);
    const got = await reasons(defaults(), paths);
    expect(Object.values(got).every((r) => r === 'lockfile')).toBe(true);
    expect(await reasons({ ...defaults(), lockFiles: false }, paths)).toEqual(Object.fromEntries(paths.map((p) => [p, null])));
    expect((await createExcluder(repo.dir, defaults(), []))('package-lock.json.bak')).toBeNull();
  });

  it('switches each rule off with its setting', async () => {
    const off = await reasons({ ...defaults(), generated: false, vendored: false, minified: false });
    expect(Object.values(off).every((r) => r === null)).toBe(true);
    const noGenerated = await reasons({ ...defaults(), generated: false });
    expect(noGenerated['gen/api.ts']).toBeNull();
    expect(noGenerated['third_party/lib.c']).toBe('vendored');
    const noVendored = await reasons({ ...defaults(), vendored: false });
    expect(noVendored['vendor/github.com/x/y.go']).toBeNull();
    expect(noVendored['third_party/lib.c']).toBeNull();
    expect(noVendored['gen/api.ts']).toBe('generated');
    const noMinified = await reasons({ ...defaults(), minified: false });
    expect(noMinified['public/app.min.js']).toBeNull();
    expect((await reasons(defaults()))['docs/generated/api.md']).toBeNull();
  });

  it('falls back to the next rule when one is off', async () => {
    const paths = ['vendor/lib.min.js', 'gen/package-lock.json'];
    expect(await reasons(defaults(), paths)).toEqual({ 'vendor/lib.min.js': 'vendored', 'gen/package-lock.json': 'lockfile' });
    expect(await reasons({ ...defaults(), vendored: false, lockFiles: false }, paths)).toEqual({ 'vendor/lib.min.js': 'minified', 'gen/package-lock.json': 'generated' });
  });

  it('answers for paths not given up front', async () => {
    const exclude = await createExcluder(repo.dir, defaults(), ['src/app.ts']);
    expect(exclude('gen/late.ts')).toBe('generated');
    expect(exclude('third_party/late.c')).toBe('vendored');
    expect(exclude('src/late.ts')).toBeNull();
    expect(exclude('gen/late.ts')).toBe('generated');
  });

  it('works in a repository without .gitattributes or commits', async () => {
    const empty = await createTestRepo();
    try {
      const exclude = await createExcluder(empty.dir, defaults(), ['gen/a.ts', 'vendor/a.go', 'yarn.lock']);
      expect(['gen/a.ts', 'vendor/a.go', 'yarn.lock'].map(exclude)).toEqual([null, 'vendored', 'lockfile']);
    } finally {
      await empty.cleanup();
    }
  });
});
