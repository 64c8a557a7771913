// Co-authors go through the mailmap in one `git check-mailmap` per batch of commits, each contact
// asked about once per read (GIT_TRACE counts the processes).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attachCreditLinks } from '../../src/core/credit/read.js';
import { mailmapContacts, type Contact } from '../../src/core/git/mailmap.js';
import type { RawCommit, ScoredCommit } from '../../src/core/types.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { traceGit, type GitTrace } from '../support/git-trace.js';

let repo: TestRepo;
let trace: GitTrace;
beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  repo = await createTestRepo();
  await repo.commit({ files: { '.mailmap': 'New Name <new@example.com> <old@example.com>\nCanon <canon@example.com> Some One <one@example.com>\n' }, message: 'chore: mailmap' });
});
afterAll(() => repo.cleanup());
beforeEach(() => {
  trace = traceGit();
});
afterEach(() => trace.stop());

const mailmapRuns = (): number => trace.runs('check-mailmap');

describe('mailmapContacts', () => {
  it('maps any number of contacts in one git process, in the order given', async () => {
    const contacts: Contact[] = Array.from({ length: 450 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@example.com` }));
    contacts.splice(100, 0, { name: 'Old', email: 'old@example.com' });
    contacts.splice(300, 0, { name: 'Some One', email: 'one@example.com' });
    const mapped = await mailmapContacts(repo.dir, contacts);
    expect(mailmapRuns()).toBe(1);
    expect(mapped).toHaveLength(452);
    expect(mapped[100]).toEqual({ name: 'New Name', email: 'new@example.com' });
    expect(mapped[300]).toEqual({ name: 'Canon', email: 'canon@example.com' });
    expect(mapped[0]).toEqual({ name: 'Person 0', email: 'p0@example.com' });
    expect(mapped[451]).toEqual({ name: 'Person 449', email: 'p449@example.com' });
  });

  it('gives back a contact with a line break as it is, and maps the ones after it', async () => {
    const odd = { name: 'Two\nLines', email: 'old@example.com' };
    const mapped = await mailmapContacts(repo.dir, [odd, { name: 'Old', email: 'old@example.com' }]);
    expect(mapped).toEqual([odd, { name: 'New Name', email: 'new@example.com' }]);
  });

  it('starts no git when no contact is to be asked about', async () => {
    expect(await mailmapContacts(repo.dir, [])).toEqual([]);
    const odd = [{ name: 'Old', email: 'old@example.com\r' }, { name: 'A\nB', email: 'old@example.com' }];
    expect(await mailmapContacts(repo.dir, odd)).toEqual(odd);
    expect(mailmapRuns()).toBe(0);
  });
});

describe('attachCreditLinks across batches', () => {
  const raw = (hash: string, coAuthors: string[]): RawCommit => ({
    hash, authorName: 'A', authorEmail: 'a@example.com', authorDate: '2025-01-01T00:00:00.000Z', subject: 'feat: x',
    body: coAuthors.map((c) => `Co-authored-by: ${c}`).join('\n'), files: [],
  });

  it('asks about each contact once: a later batch with known co-authors starts no git', async () => {
    const mapped = new Map<string, Contact>();
    const first = [raw('a'.repeat(40), ['Old <old@example.com>', 'Bo <bo@example.com>'])];
    const scored = new Map<string, ScoredCommit>([['a'.repeat(40), { hash: 'a'.repeat(40) } as ScoredCommit]]);
    await attachCreditLinks(repo.dir, first, scored, mapped);
    expect(mailmapRuns()).toBe(1);
    expect(scored.get('a'.repeat(40))?.co_authors).toEqual([{ name: 'New Name', email: 'new@example.com' }, { name: 'Bo', email: 'bo@example.com' }]);

    const second = [raw('b'.repeat(40), ['Bo <bo@example.com>', 'Old <old@example.com>'])];
    scored.set('b'.repeat(40), { hash: 'b'.repeat(40) } as ScoredCommit);
    await attachCreditLinks(repo.dir, second, scored, mapped);
    expect(mailmapRuns()).toBe(1);
    expect(scored.get('b'.repeat(40))?.co_authors).toEqual([{ name: 'Bo', email: 'bo@example.com' }, { name: 'New Name', email: 'new@example.com' }]);

    const third = [raw('c'.repeat(40), ['Bo <bo@example.com>', 'Some One <one@example.com>'])];
    scored.set('c'.repeat(40), { hash: 'c'.repeat(40) } as ScoredCommit);
    await attachCreditLinks(repo.dir, third, scored, mapped);
    expect(mailmapRuns()).toBe(2);
    expect(scored.get('c'.repeat(40))?.co_authors).toEqual([{ name: 'Bo', email: 'bo@example.com' }, { name: 'Canon', email: 'canon@example.com' }]);
  });
});
