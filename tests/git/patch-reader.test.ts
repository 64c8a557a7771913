import { afterAll, describe, expect, it } from 'vitest';
import { PatchReader } from '../../src/core/ai/diff.js';
import { burstLimit } from '../../src/core/ai/burst-limit.js';
import { createTestRepo, type TestRepo } from '../support/git-repo.js';

const repos: TestRepo[] = [];
afterAll(() => Promise.all(repos.map((r) => r.cleanup())));

describe('reading patches for prompts', () => {
  it('reads many commits in one go, only the asked files, each cut to its limit', async () => {
    const repo = await createTestRepo();
    repos.push(repo);
    const root = await repo.commit({ files: { 'src/a b.ts': 'const spaced = 1;\n', 'lock.json': 'SECRET\n' }, message: 'root' });
    const big = await repo.commit({ files: { 'src/big.ts': 'x'.repeat(50) + '\n'.repeat(1) + 'line\n'.repeat(2000) }, message: 'big' });
    const other = await repo.commit({ files: { 'src/c.ts': 'const c = 3;\n' }, message: 'c' });
    const reader = new PatchReader(repo.dir, 300);
    const [p1, p2, p3, none] = await Promise.all([
      reader.get(root, ['src/a b.ts']),
      reader.get(big, ['src/big.ts']),
      reader.get(other, ['src/c.ts']),
      reader.get(other, []),
    ]);
    expect(p1.get('src/a b.ts')).toContain('+const spaced = 1;');
    expect([...p1.keys()]).toEqual(['src/a b.ts']);
    expect(p2.get('src/big.ts')?.length).toBe(300);
    expect(p3.get('src/c.ts')).toBe('new file mode 100644\n@@ -0,0 +1 @@\n+const c = 3;\n');
    expect(none.size).toBe(0);
  });
});

describe('paths that end other paths', () => {
  it("gives each file its own patch when one file's path ends another's header (x.ts and a b/x.ts)", async () => {
    const repo = await createTestRepo();
    repos.push(repo);
    const both = await repo.commit({ files: { 'x.ts': 'export const top = 1;\n', 'a b/x.ts': 'export const nested = 2;\n' }, message: 'two x.ts' });
    // Asked in both orders: the first path that matched the header took its patch.
    for (const paths of [['x.ts', 'a b/x.ts'], ['a b/x.ts', 'x.ts']]) {
      const patches = await new PatchReader(repo.dir, 300).get(both, paths);
      expect(patches.get('x.ts'), paths.join(', ')).toContain('+export const top = 1;');
      expect(patches.get('x.ts'), paths.join(', ')).not.toContain('nested');
      expect(patches.get('a b/x.ts'), paths.join(', ')).toContain('+export const nested = 2;');
    }
    // Read in one batch with a commit that asks for the nested file (a commit of over 40 files asks for 40).
    const later = await repo.commit({ files: { 'a b/x.ts': 'export const nested = 3;\n' }, message: 'nested again' });
    const reader = new PatchReader(repo.dir, 300);
    const [mine, theirs] = await Promise.all([reader.get(both, ['x.ts']), reader.get(later, ['a b/x.ts'])]);
    expect(mine.get('x.ts')).toContain('+export const top = 1;');
    expect(mine.get('x.ts')).not.toContain('nested');
    expect(theirs.get('a b/x.ts')).toContain('+export const nested = 3;');
  });
});

describe('paths git quotes in diff headers', () => {
  it('reads their patches like any other file\'s: a quote, a backslash, a tab, a control character, renames to and from them', async () => {
    const repo = await createTestRepo();
    repos.push(repo);
    const odd = ['src/we"ird.ts', 'src/back\\slash.ts', 'src/ta\tb.ts', 'src/bell\x07\x01.ts', 'src/caf\u00e9 "x".ts'];
    const root = await repo.commit({ files: { ...Object.fromEntries(odd.map((p, i) => [p, `export const v${i} = ${i};\n`])), 'src/plain.ts': 'export const p = 0;\n' }, message: 'odd names' });
    // Renamed both ways: the header's old name is quoted and the new one not, then the reverse.
    await repo.rename('src/we"ird.ts', 'src/now-plain.ts');
    await repo.rename('src/plain.ts', 'src/now "quoted".ts');
    const renamed = await repo.commit({ files: { 'src/now-plain.ts': 'export const v0 = 0;\nexport const more = 1;\n', 'src/now "quoted".ts': 'export const p = 0;\nexport const also = 2;\n' }, message: 'renames' });
    // As git writes them: quoted, so a reader splitting on ` b/` never finds them.
    expect(await repo.git('show', '--format=', root, '--', 'src/ta\tb.ts')).toContain('diff --git "a/src/ta\\tb.ts" "b/src/ta\\tb.ts"');
    const reader = new PatchReader(repo.dir, 300);
    const [first, second] = await Promise.all([reader.get(root, [...odd, 'src/plain.ts']), reader.get(renamed, ['src/now-plain.ts', 'src/now "quoted".ts'])]);
    odd.forEach((p, i) => expect(first.get(p), p).toContain(`+export const v${i} = ${i};`));
    expect(first.get('src/plain.ts')).toContain('+export const p = 0;');
    expect(second.get('src/now-plain.ts')).toContain('+export const more = 1;');
    expect(second.get('src/now "quoted".ts')).toContain('+export const also = 2;');
    expect([...first.keys()].sort()).toEqual([...odd, 'src/plain.ts'].sort());
  });
});

describe('burstLimit', () => {
  it('runs at most `high` tasks and refills in bursts once `low` or fewer run', async () => {
    const limit = burstLimit(4, 1);
    let running = 0;
    let most = 0;
    const starts: number[] = [];
    const release: (() => void)[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) => limit(async () => {
      running++;
      most = Math.max(most, running);
      starts.push(i);
      await new Promise<void>((r) => release.push(r));
      running--;
    }));
    const tick = () => new Promise((r) => setImmediate(r));
    await tick();
    expect(starts).toEqual([0, 1, 2, 3]);
    release.shift()?.(); release.shift()?.();
    await tick();
    // Two still run (> low): nothing new starts yet.
    expect(starts).toHaveLength(4);
    release.shift()?.();
    await tick();
    expect(starts).toEqual([0, 1, 2, 3, 4, 5, 6]);
    while (release.length) { release.shift()?.(); await tick(); }
    while (starts.length < 10 || release.length) { release.shift()?.(); await tick(); }
    await Promise.all(tasks);
    expect(most).toBe(4);
  });
});
