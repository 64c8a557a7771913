// Co-authors read from real commits agree with git's own trailer parsing, and go through the mailmap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachCreditLinks } from '../../src/core/credit/read.js';
import { parseCoAuthors } from '../../src/core/credit/trailers.js';
import { readCommits } from '../../src/core/git/history.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

let repo: TestRepo;
beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  repo = await createTestRepo();
});
afterAll(() => repo.cleanup());

const MESSAGES = [
  'feat: a\n\nCo-authored-by: Ann <ann@example.com>',
  'feat: b\nCo-authored-by: Ann <ann@example.com>',
  'feat: c\n\nCo-authored-by: Ann <ann@example.com>\n\nProse after.',
  'feat: d\n\nProse.\nCo-authored-by: Ann <ann@example.com>',
  'feat: e\n\nProse.\nCo-authored-by: Ann <ann@example.com>\nSigned-off-by: Zed <zed@example.com>',
  'feat: f\n\nCO-AUTHORED-BY :  Ann  <ann@example.com>\nReviewed-by: Zed\n  and Cy\nco-authored-by: Bo <bo@example.com>',
  'feat: g\n\nBody\n\nReviewed-by: Zed\nCo-authored-by: Cy <cy@example.com>\n\n',
];

describe('Co-authored-by on real commits', () => {
  it("finds the trailers git finds (%(trailers:key=Co-authored-by)) in every message", async () => {
    const hashes: string[] = [];
    for (const message of MESSAGES) hashes.push(await repo.commit({ message }));
    const raws = await readCommits(repo.dir, hashes);
    for (const [i, raw] of raws.entries()) {
      const fromGit = (await repo.git('log', '-1', '--format=%(trailers:key=Co-authored-by,valueonly,unfold,separator=%x1f)', raw.hash))
        .split('\x1f').filter(Boolean).map((v) => v.trim().replace(/\s+</, ' <').replace(/\s+/g, ' '));
      const fromUs = parseCoAuthors(`${raw.subject}${raw.titleContinues ? '\n' : '\n\n'}${raw.body}`).map((p) => `${p.name} <${p.email}>`);
      // git gives the value as written; blanks inside it are not compared.
      expect(fromUs.map((v) => v.replace(/ /g, '')), MESSAGES[i]).toEqual(fromGit.map((v) => v.replace(/ /g, '')));
    }
  });

  it('maps co-authors through .mailmap like authors', async () => {
    const hash = await repo.commit({ message: 'fix: m\n\nCo-authored-by: Old Name <old@example.com>\nCo-authored-by: Bo <bo@example.com>' });
    await repo.writeFile('.mailmap', 'New Name <new@example.com> <old@example.com>\n');
    const raws = await readCommits(repo.dir, [hash]);
    const scored = new Map([[hash, { hash } as ScoredCommit]]);
    await attachCreditLinks(repo.dir, raws, scored);
    expect(scored.get(hash)?.co_authors).toEqual([{ name: 'New Name', email: 'new@example.com' }, { name: 'Bo', email: 'bo@example.com' }]);
  });
});
