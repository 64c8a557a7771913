import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { buildId } from '../../scripts/build-id.mjs';
import { createTestRepo, type TestRepo } from '../support/git-repo.js';

const id = buildId as (root: string, version: string) => Promise<string>;
const repos: TestRepo[] = [];
afterAll(() => Promise.all(repos.map((r) => r.cleanup())));

it('names the code, not how it was checked out: the same with CRLF line ends and beside an untracked file, another for another version or source', async () => {
  const repo = await createTestRepo();
  repos.push(repo);
  await repo.commit({ files: { 'src/a.ts': 'export const a = 1;\nexport const b = 2;\n', 'package-lock.json': '{\n  "lockfileVersion": 3\n}\n' } });
  const first = await id(repo.dir, '0.1.0');
  expect(first).toMatch(/^[0-9a-f]{12}$/);
  // As core.autocrlf=true checks it out on Windows.
  await writeFile(path.join(repo.dir, 'src/a.ts'), 'export const a = 1;\r\nexport const b = 2;\r\n');
  await writeFile(path.join(repo.dir, 'src/scratch.ts'), 'export const scratch = true;\n');
  expect(await id(repo.dir, '0.1.0')).toBe(first);
  expect(await id(repo.dir, '0.1.1')).not.toBe(first);
  await writeFile(path.join(repo.dir, 'src/a.ts'), 'export const a = 2;\nexport const b = 2;\n');
  expect(await id(repo.dir, '0.1.0')).not.toBe(first);
  await writeFile(path.join(repo.dir, 'src/a.ts'), 'export const a = 1;\nexport const b = 2;\n');
  await writeFile(path.join(repo.dir, 'package-lock.json'), '{\n  "lockfileVersion": 3,\n  "packages": {}\n}\n');
  expect(await id(repo.dir, '0.1.0')).not.toBe(first);
});
