import { describe, expect, it } from 'vitest';
import { EVE_TOKEN, OVERRIDES, OWNER_TOKEN, SLUG, acceptedWrites, rejection, useEmulator } from './setup.js';

const env = useEmulator();
const BRANCH = 'leaderboard-contributions';
const SHA = 'abcdef0123456789abcdef0123456789abcdef01';
const OTHER = '1234567890abcdef1234567890abcdef12345678';

describe('GitHub back end: AI overrides', () => {
  it('sets an override by short hash (resolved by GitHub), written as the server writes it, in the pull request', async () => {
    env.gh.addCommitSha(SLUG, SHA);
    const backend = env.backend();
    expect(await backend.aiOverrides(OWNER_TOKEN)).toEqual({ overrides: [], pending: null });
    const res = await backend.setAiOverride(OWNER_TOKEN, 'ABCDEF01', { score: 20, note: '  a big refactor  ' });
    expect(res.override).toMatchObject({ hash: SHA, score: 20, note: 'a big refactor', by: 'owner' });
    expect(Date.parse(res.override.at)).not.toBeNaN();
    expect(res.message).toBe('Set the AI score of commit abcdef01 to 20; it applies once pull request #1 is merged.');
    expect(res.pullRequest?.number).toBe(1);
    expect(env.gh.fileContent(SLUG, BRANCH, OVERRIDES)).toBe(`${JSON.stringify({ overrides: [res.override] }, null, 2)}\n`);
    expect(env.gh.commits(SLUG, BRANCH)[0]?.message).toBe('Override the AI score of commit abcdef01 to 20 (by owner)');

    // Newest first; a second override of the same commit replaces the first; the pending read shows both sides.
    env.gh.addCommitSha(SLUG, OTHER);
    await backend.setAiOverride(OWNER_TOKEN, OTHER, { score: 3, note: 'generated code' });
    await backend.setAiOverride(OWNER_TOKEN, SHA.slice(0, 6), { score: 18, note: 'second look' });
    const read = await backend.aiOverrides(OWNER_TOKEN);
    expect(read.overrides.map((o) => [o.hash, o.score])).toEqual([[SHA, 18], [OTHER, 3]]);
    expect(read.pending).toEqual({ pullRequest: res.pullRequest, published: [] });
    expect(env.gh.pulls(SLUG)).toHaveLength(1);
  });

  it('on a board of several repositories, takes a commit of another of them, and names them all when none has it', async () => {
    env.gh.addRepo({ owner: 'acme', name: 'lib', files: { 'README.md': '# lib\n' } });
    env.gh.addCommitSha('acme/lib', OTHER);
    const backend = env.backend({ boardRepositories: ['acme/lib'] });
    const res = await backend.setAiOverride(OWNER_TOKEN, OTHER.slice(0, 8), { score: 9, note: 'lib work' });
    expect(res.override).toMatchObject({ hash: OTHER, score: 9 });
    // Written with the board's own files, in the board's repository.
    expect(env.gh.fileContent(SLUG, BRANCH, OVERRIDES)).toContain(OTHER);
    const err = await rejection(backend.setAiOverride(OWNER_TOKEN, 'deadbeef', { score: 1, note: 'x' }));
    expect(err).toMatchObject({ status: 404, message: 'No commit deadbeef in acme/board, acme/lib (or the hash is ambiguous).' });
  });

  it('an unknown commit is a 404 naming it, and nothing is written', async () => {
    const err = await rejection(env.backend().setAiOverride(OWNER_TOKEN, 'deadbeef', { score: 1, note: 'x' }));
    expect(err).toMatchObject({ status: 404, message: 'No commit deadbeef in acme/board (or the hash is ambiguous).' });
    expect(acceptedWrites(env.gh)).toEqual([]);
  });

  it('refuses a malformed hash and a bad body with the server\'s messages', async () => {
    const backend = env.backend();
    expect(await rejection(backend.setAiOverride(OWNER_TOKEN, 'xyz', { score: 1, note: 'x' }))).toMatchObject({
      status: 400, message: '"xyz" is not a commit hash: give at least 4 hex digits, as shown on the page.',
    });
    expect(await rejection(backend.setAiOverride(OWNER_TOKEN, SHA, { score: 26, note: 'x' }))).toMatchObject({ status: 400, message: 'Invalid request body: score: must be 25 or less.' });
    expect(await rejection(backend.setAiOverride(OWNER_TOKEN, SHA, { score: 2, note: '  ' }))).toMatchObject({ status: 400, message: expect.stringMatching(/^Invalid request body: note: is required/) });
    expect(await rejection(backend.setAiOverride(EVE_TOKEN, SHA, { score: 2, note: 'x' }))).toMatchObject({ status: 403 });
    expect(env.gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('removes an override (by its first digits); none is a 404', async () => {
    env.gh.addCommitSha(SLUG, SHA);
    const backend = env.backend({ adminChanges: 'commit' });
    await backend.setAiOverride(OWNER_TOKEN, SHA, { score: 5, note: 'x' });
    expect(env.gh.commits(SLUG, 'main')[0]?.message).toBe('Override the AI score of commit abcdef01 to 5 (by owner)');
    const res = await backend.removeAiOverride(OWNER_TOKEN, 'abcdef');
    expect(res.message).toBe('Removed the AI score override of commit abcdef01; it applies from the next build of the board.');
    expect(res.pullRequest).toBeNull();
    expect(JSON.parse(env.gh.fileContent(SLUG, 'main', OVERRIDES) ?? '')).toEqual({ overrides: [] });
    expect(await rejection(backend.removeAiOverride(OWNER_TOKEN, 'abcdef'))).toMatchObject({ status: 404, message: 'Commit abcdef has no AI score override.' });
  });

  it('a file listing a commit twice (a merge of two branches of it) shows and counts the newest, and its removal removes both', async () => {
    const older = { hash: SHA, score: 3, note: 'branch a', by: 'ann', at: '2026-01-01T00:00:00.000Z' };
    const newer = { hash: SHA, score: 20, note: 'branch b', by: 'bob', at: '2026-02-01T00:00:00.000Z' };
    env.gh.pushFile(SLUG, 'main', OVERRIDES, `${JSON.stringify({ overrides: [newer, older] }, null, 2)}\n`, 'Merge two branches');
    const backend = env.backend({ adminChanges: 'commit' });
    expect((await backend.aiOverrides(OWNER_TOKEN)).overrides).toEqual([newer]);
    await backend.removeAiOverride(OWNER_TOKEN, SHA);
    expect(JSON.parse(env.gh.fileContent(SLUG, 'main', OVERRIDES) ?? '')).toEqual({ overrides: [] });
  });

  it('someone else\'s override saved meanwhile is kept', async () => {
    env.gh.addCommitSha(SLUG, SHA);
    const theirs = { hash: OTHER, score: 1, note: 'theirs', by: 'bob', at: '2025-01-01T00:00:00.000Z' };
    const backend = env.backend({ adminChanges: 'commit' });
    env.gh.fault({
      method: 'PUT', path: `/contents/${OVERRIDES}`,
      before: () => { env.gh.pushFile(SLUG, 'main', OVERRIDES, `${JSON.stringify({ overrides: [theirs] }, null, 2)}\n`, 'bob saves'); },
    });
    const res = await backend.setAiOverride(OWNER_TOKEN, SHA, { score: 9, note: 'ours' });
    expect(res.notice).toBe(`Someone else changed ${OVERRIDES} meanwhile; both changes were kept.`);
    const saved = JSON.parse(env.gh.fileContent(SLUG, 'main', OVERRIDES) ?? '') as { overrides: { hash: string }[] };
    expect(saved.overrides.map((o) => o.hash)).toEqual([SHA, OTHER]);
  });
});
