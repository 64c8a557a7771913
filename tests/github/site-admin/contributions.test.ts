import { describe, expect, it } from 'vitest';
import type { ContributorsMap } from '../../../web/src/admin/contributions.js';
import { BOB_TOKEN, EVE_TOKEN, MANUAL, MANUAL_FILE, OWNER_TOKEN, SLUG, acceptedWrites, rejection, useEmulator } from './setup.js';

const env = useEmulator();
const BRANCH = 'leaderboard-contributions';
const talk = (score: number, notes: string) => ({ score, notes, start_date: null, end_date: null });

const withContribution = (map: ContributorsMap, name: string, c: ReturnType<typeof talk>): ContributorsMap => ({
  ...map, [name]: { ...(map[name] ?? {}), contributions: [...(map[name]?.contributions ?? []), c] },
});

const fileOn = (branch: string) => JSON.parse(env.gh.fileContent(SLUG, branch, MANUAL) ?? 'null') as { _instructions?: string; contributors: ContributorsMap };

describe('GitHub back end: manual contributions through a pull request', () => {
  it('reads the default branch while no pull request is open', async () => {
    const read = await env.backend().manualContributions(OWNER_TOKEN);
    expect(Object.keys(read.contributors)).toEqual(['Alice', 'Bob']);
    expect(read.version).toMatch(/^[0-9a-f]{40}$/);
    expect(read.pending).toBeNull();
  });

  it('add, edit, delete in successive saves: commits on leaderboard-contributions naming admin and change, one pull request, pending read', async () => {
    const backend = env.backend();
    const read1 = await backend.manualContributions(OWNER_TOKEN);
    const saved1 = await backend.saveManualContributions(OWNER_TOKEN, withContribution(read1.contributors, 'Alice', talk(20, 'paper')), read1, 'Add a contribution to Alice');
    expect(saved1.pullRequest).toMatchObject({ number: 1, url: expect.stringMatching(/\/pull\/1$/) });
    expect(saved1.message).toBe('Saved the manual contributions of 2 contributors in pull request #1; they appear on the board once it is merged.');
    expect(saved1.notice).toBeUndefined();
    expect(saved1.pending?.published.Alice?.contributions).toHaveLength(1);
    expect(saved1.version).not.toBe(read1.version);

    const read2 = await backend.manualContributions(BOB_TOKEN);
    expect(read2.version).toBe(saved1.version);
    expect(read2.contributors.Alice?.contributions).toHaveLength(2);
    expect(read2.pending).toEqual({ pullRequest: saved1.pullRequest, published: read1.contributors });

    const edited: ContributorsMap = { ...read2.contributors, Bob: { contributions: [{ ...talk(7, 'blog, longer'), start_date: '2025-01-01' }] } };
    const saved2 = await backend.saveManualContributions(BOB_TOKEN, edited, read2, 'Edit a contribution of Bob');
    const read3 = await backend.manualContributions(OWNER_TOKEN);
    const { Bob: _bob, ...withoutBob } = read3.contributors;
    await backend.saveManualContributions(OWNER_TOKEN, withoutBob, read3, 'Delete all contributions of Bob');

    expect(saved2.pullRequest).toEqual(saved1.pullRequest);
    expect(env.gh.pulls(SLUG)).toHaveLength(1);
    expect(env.gh.pulls(SLUG)[0]).toMatchObject({ head: BRANCH, base: 'main', state: 'open', title: 'Update leaderboard contributions', body: expect.stringContaining('@owner') });
    expect(env.gh.commits(SLUG, BRANCH).map((c) => c.message).slice(0, 4)).toEqual([
      'Delete all contributions of Bob (by owner)', 'Edit a contribution of Bob (by bob)', 'Add a contribution to Alice (by owner)', 'Initial commit',
    ]);
    // The file keeps its other keys and the server's formatting; main is untouched.
    const text = env.gh.fileContent(SLUG, BRANCH, MANUAL) ?? '';
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toBe(`${JSON.stringify({ _instructions: 'Manually assign additional contribution scores here.', contributors: { Alice: { email: 'alice@example.com', contributions: [talk(10, 'talk'), talk(20, 'paper')] } } }, null, 2)}\n`);
    expect(env.gh.fileContent(SLUG, 'main', MANUAL)).toBe(MANUAL_FILE);
  });

  it('after the pull request is merged, the next save resets the branch to the new head and opens a new pull request', async () => {
    const backend = env.backend();
    const read1 = await backend.manualContributions(OWNER_TOKEN);
    await backend.saveManualContributions(OWNER_TOKEN, withContribution(read1.contributors, 'Carol', talk(3, 'triage')), read1, 'Add contributor Carol');
    const mergedHead = env.gh.mergePull(SLUG, 1);
    expect(fileOn('main').contributors.Carol).toBeDefined();

    const read2 = await backend.manualContributions(OWNER_TOKEN);
    expect(read2.pending).toBeNull();
    const saved = await backend.saveManualContributions(OWNER_TOKEN, withContribution(read2.contributors, 'Dan', talk(4, 'mentoring')), read2, 'Add contributor Dan');
    expect(saved.pullRequest?.number).toBe(2);
    expect(env.gh.pulls(SLUG).map((p) => p.state)).toEqual(['closed', 'open']);
    const commits = env.gh.commits(SLUG, BRANCH);
    expect(commits[0]?.message).toBe('Add contributor Dan (by owner)');
    expect(commits[1]?.sha).toBe(mergedHead);
  });

  it('a closed (unmerged) pull request: its branch is reset, its changes dropped', async () => {
    const backend = env.backend();
    const read1 = await backend.manualContributions(OWNER_TOKEN);
    await backend.saveManualContributions(OWNER_TOKEN, withContribution(read1.contributors, 'Carol', talk(3, 'x')), read1, 'Add contributor Carol');
    env.gh.closePull(SLUG, 1);
    const read2 = await backend.manualContributions(OWNER_TOKEN);
    expect(read2.contributors.Carol).toBeUndefined();
    await backend.saveManualContributions(OWNER_TOKEN, withContribution(read2.contributors, 'Dan', talk(4, 'y')), read2, 'Add contributor Dan');
    expect(fileOn(BRANCH).contributors.Carol).toBeUndefined();
    expect(fileOn(BRANCH).contributors.Dan).toBeDefined();
  });

  it('someone else changed the file between read and save: both changes are kept and the admin is told', async () => {
    const backend = env.backend();
    const read = await backend.manualContributions(OWNER_TOKEN);
    // Someone else adds to Alice and edits Bob on main meanwhile.
    const theirs = JSON.parse(MANUAL_FILE) as { contributors: ContributorsMap };
    theirs.contributors.Alice?.contributions.push(talk(1, 'theirs'));
    theirs.contributors.Bob = { contributions: [{ ...talk(6, 'blog'), start_date: '2025-01-01' }] };
    env.gh.pushFile(SLUG, 'main', MANUAL, `${JSON.stringify(theirs, null, 2)}\n`, 'Edit by hand');

    const ours = withContribution(read.contributors, 'Alice', talk(2, 'ours'));
    const saved = await backend.saveManualContributions(OWNER_TOKEN, ours, read, 'Add a contribution to Alice');
    expect(saved.notice).toBe(`Someone else changed ${MANUAL} meanwhile; both changes were kept.`);
    expect(saved.contributors.Alice?.contributions.map((c) => c.notes)).toEqual(['talk', 'theirs', 'ours']);
    expect(saved.contributors.Bob?.contributions[0]?.score).toBe(6);
    expect(fileOn(BRANCH).contributors).toEqual(saved.contributors);
  });

  it('two admins edit the same contribution: the second save is refused as stale, and nothing is counted twice', async () => {
    const backend = env.backend();
    const readA = await backend.manualContributions(OWNER_TOKEN);
    const readB = await backend.manualContributions(BOB_TOKEN);
    const edit = (read: typeof readA, score: number) => {
      const next = structuredClone(read.contributors);
      next.Alice!.contributions[0] = { ...next.Alice!.contributions[0]!, score };
      return next;
    };
    await backend.saveManualContributions(OWNER_TOKEN, edit(readA, 25), readA, 'Edit a contribution of Alice');
    const before = fileOn(BRANCH).contributors;
    const refused = await backend.saveManualContributions(BOB_TOKEN, edit(readB, 30), readB, 'Edit a contribution of Alice').then(() => null, (err: unknown) => err);
    expect(refused).toMatchObject({ status: 409, message: expect.stringContaining("Someone else changed or removed Alice's contribution of") as unknown });
    expect(fileOn(BRANCH).contributors).toEqual(before);
    expect(fileOn(BRANCH).contributors.Alice?.contributions.map((c) => c.score)).toEqual([25]);
  });

  it('one admin edits a contribution, another deletes it: the deletion is refused as stale, and the edit kept', async () => {
    const backend = env.backend();
    const readA = await backend.manualContributions(OWNER_TOKEN);
    const readB = await backend.manualContributions(BOB_TOKEN);
    const edited = structuredClone(readB.contributors);
    edited.Alice!.contributions[0] = { ...edited.Alice!.contributions[0]!, score: 40 };
    await backend.saveManualContributions(BOB_TOKEN, edited, readB, 'Edit a contribution of Alice');
    const { Alice: _alice, ...rest } = readA.contributors;
    const deleted = { ...rest, Alice: { ...readA.contributors.Alice!, contributions: readA.contributors.Alice!.contributions.slice(1) } };
    const refused = await backend.saveManualContributions(OWNER_TOKEN, deleted, readA, 'Delete a contribution of Alice').then(() => null, (err: unknown) => err);
    expect(refused).toMatchObject({ status: 409, message: "Someone else changed Alice's contribution of 10 points (“talk”) while you deleted it, so it was not deleted." });
    expect(fileOn(BRANCH).contributors.Alice?.contributions.map((c) => c.score)).toEqual([40]);
  });

  it('a change someone else made and published meanwhile: saved as nothing to propose, with no pull request to open', async () => {
    const backend = env.backend();
    const readA = await backend.manualContributions(OWNER_TOKEN);
    const readB = await backend.manualContributions(BOB_TOKEN);
    const { Bob: _bob, ...withoutBob } = readA.contributors;
    const theirs = await backend.saveManualContributions(BOB_TOKEN, withoutBob, readB, 'Delete all contributions of Bob');
    env.gh.mergePull(SLUG, theirs.pullRequest!.number);
    const saved = await backend.saveManualContributions(OWNER_TOKEN, withoutBob, readA, 'Delete all contributions of Bob');
    expect(saved.notice).toBe(`${MANUAL} on main already holds this change, so there is nothing to propose.`);
    expect(saved.pullRequest).toBeNull();
    expect(saved.message).toBe('Saved the manual contributions of 1 contributor to main; they appear on the board after its next build.');
    expect(env.gh.pulls(SLUG).map((p) => p.state)).toEqual(['closed']);
    expect(fileOn('main').contributors.Bob).toBeUndefined();
  });

  it('two admins\' first saves at once (no pull request yet): the second writes on top of the first, never resets it away', async () => {
    const backend = env.backend();
    const readA = await backend.manualContributions(OWNER_TOKEN);
    const readB = await backend.manualContributions(BOB_TOKEN);
    await backend.saveManualContributions(OWNER_TOKEN, withContribution(readA.contributors, 'Alice', talk(2, 'from owner')), readA, 'Add a contribution to Alice');
    // As if owner's pull request were not open yet when bob's save looked for one.
    const pulls = env.gh.pulls(SLUG);
    expect(pulls).toHaveLength(1);
    env.gh.fault({ method: 'GET', path: '/pulls', times: 1, status: 200, body: [] });
    const saved = await backend.saveManualContributions(BOB_TOKEN, withContribution(readB.contributors, 'Bob', talk(3, 'from bob')), readB, 'Add a contribution to Bob');
    expect(saved.notice).toBe(`Someone else changed ${MANUAL} meanwhile; both changes were kept.`);
    expect(fileOn(BRANCH).contributors.Alice?.contributions.map((c) => c.notes)).toEqual(['talk', 'from owner']);
    expect(fileOn(BRANCH).contributors.Bob?.contributions.map((c) => c.notes)).toEqual(['blog', 'from bob']);
    expect(env.gh.commits(SLUG, BRANCH).slice(0, 2).map((c) => c.message)).toEqual(['Add a contribution to Bob (by bob)', 'Add a contribution to Alice (by owner)']);
    expect(saved.pullRequest?.number).toBe(1);
  });

  it('a 409 on the write itself (a race): read again, re-applied, written with the fresh sha', async () => {
    const backend = env.backend();
    const read = await backend.manualContributions(OWNER_TOKEN);
    await backend.saveManualContributions(OWNER_TOKEN, withContribution(read.contributors, 'Carol', talk(3, 'first')), read, 'Add contributor Carol');
    const read2 = await backend.manualContributions(OWNER_TOKEN);
    env.gh.fault({
      method: 'PUT', path: `/contents/${MANUAL}`,
      before: () => {
        const current = fileOn(BRANCH);
        current.contributors.Zed = { contributions: [talk(9, 'racer')] };
        env.gh.pushFile(SLUG, BRANCH, MANUAL, `${JSON.stringify(current, null, 2)}\n`, 'racing save');
      },
    });
    const saved = await backend.saveManualContributions(OWNER_TOKEN, withContribution(read2.contributors, 'Dan', talk(4, 'ours')), read2, 'Add contributor Dan');
    expect(env.gh.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([200, 409, 200]);
    expect(Object.keys(saved.contributors)).toEqual(expect.arrayContaining(['Carol', 'Dan', 'Zed']));
    expect(saved.notice).toMatch(/both changes were kept/);
  });

  it('refuses invalid contributors (400) and non-admins (403) before any write', async () => {
    const backend = env.backend();
    const read = await backend.manualContributions(OWNER_TOKEN);
    const bad = { Alice: { contributions: [{ score: -1, notes: '', start_date: null, end_date: null }] } } as ContributorsMap;
    expect(await rejection(backend.saveManualContributions(OWNER_TOKEN, bad, read, 'x'))).toMatchObject({ status: 400, message: expect.stringMatching(/^Invalid contributors: Alice\.contributions\.0\.score/) });
    expect(await rejection(backend.saveManualContributions(EVE_TOKEN, read.contributors, read, 'x'))).toMatchObject({ status: 403 });
    expect(await rejection(backend.manualContributions(EVE_TOKEN))).toMatchObject({ status: 403 });
    expect(acceptedWrites(env.gh)).toEqual([]);
  });
});

describe('GitHub back end: adminChanges "commit"', () => {
  it('commits straight to the default branch, with no pull request', async () => {
    const backend = env.backend({ adminChanges: 'commit' });
    const read = await backend.manualContributions(OWNER_TOKEN);
    const saved = await backend.saveManualContributions(OWNER_TOKEN, withContribution(read.contributors, 'Alice', talk(5, 'direct')), read, 'Add a contribution to Alice');
    expect(saved.pullRequest).toBeNull();
    expect(saved.pending).toBeNull();
    expect(saved.message).toBe('Saved the manual contributions of 2 contributors to main; they appear on the board after its next build.');
    expect(env.gh.commits(SLUG, 'main')[0]?.message).toBe('Add a contribution to Alice (by owner)');
    expect(env.gh.pulls(SLUG)).toEqual([]);
    expect(env.gh.branches(SLUG)[BRANCH]).toBeUndefined();
  });

  it('a protected default branch refuses: the change goes to the pull request instead, and the notice says so', async () => {
    env.gh.protectBranch(SLUG, 'main');
    const backend = env.backend({ adminChanges: 'commit' });
    const read = await backend.manualContributions(OWNER_TOKEN);
    const saved = await backend.saveManualContributions(OWNER_TOKEN, withContribution(read.contributors, 'Alice', talk(5, 'direct')), read, 'Add a contribution to Alice');
    expect(env.gh.requests.find((r) => r.method === 'PUT')?.status).toBe(409);
    expect(saved.pullRequest?.number).toBe(1);
    expect(saved.notice).toBe('main is protected, so the change was proposed in a pull request instead of being committed to it.');
    expect(fileOn(BRANCH).contributors.Alice?.contributions).toHaveLength(2);
    expect(fileOn('main').contributors.Alice?.contributions).toHaveLength(1);
  });
});

describe('GitHub back end: export', () => {
  it('downloads the default branch\'s file as it is, named with the date', async () => {
    const file = await env.backend().exportManualContributions(OWNER_TOKEN);
    expect(await file.blob.text()).toBe(MANUAL_FILE);
    expect(file.fileName).toMatch(/^manual-contributions-backup-\d{4}-\d{2}-\d{2}\.json$/);
    expect(file.source).toBeUndefined();
  });

  it('downloads the pending branch\'s file while its pull request is open, saying so', async () => {
    const backend = env.backend();
    const read = await backend.manualContributions(OWNER_TOKEN);
    await backend.saveManualContributions(OWNER_TOKEN, withContribution(read.contributors, 'Carol', talk(3, 'x')), read, 'Add contributor Carol');
    const file = await backend.exportManualContributions(BOB_TOKEN);
    expect(JSON.parse(await file.blob.text()).contributors.Carol).toBeDefined();
    expect(file.source).toBe('the pending pull request #1');
  });

  it('a broken file is not exported', async () => {
    env.gh.pushFile(SLUG, 'main', MANUAL, '{"contributors": {"A": {"contributions": [{"score": "x"}]}}}', 'broken');
    expect(await rejection(env.backend().exportManualContributions(OWNER_TOKEN))).toMatchObject({ message: 'Failed to export manual contributions' });
  });
});
