import { describe, expect, it } from 'vitest';
import type { ContributorsMap } from '../../../web/src/admin/contributions.js';
import { createGitHubBackend } from '../../../web/src/admin/github/index.js';
import { BOB_TOKEN, MANUAL, OWNER_TOKEN, SLUG, config, useEmulator } from './setup.js';

const env = useEmulator();
const BRANCH = 'leaderboard-contributions';
const talk = (score: number, notes: string) => ({ score, notes, start_date: null, end_date: null });
const withContribution = (map: ContributorsMap, name: string, c: ReturnType<typeof talk>): ContributorsMap => ({
  ...map, [name]: { ...(map[name] ?? {}), contributions: [...(map[name]?.contributions ?? []), c] },
});
const notesOn = (name: string) => {
  const file = JSON.parse(env.gh.fileContent(SLUG, BRANCH, MANUAL) ?? 'null') as { contributors: ContributorsMap };
  return file.contributors[name]?.contributions.map((c) => c.notes) ?? [];
};

/** A fetch that holds its first write of a ref or a file (not the token's permission probe) until `gate` resolves, calling `reached` when it gets there. */
function holdingFirstWrite(gate: Promise<void>, reached: () => void): typeof fetch {
  let held = false;
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    const write = (/\/git\/refs/.test(String(input)) && (init?.method === 'POST' || init?.method === 'PATCH')) || (/\/contents\//.test(String(input)) && init?.method === 'PUT');
    if (!held && write && !body.includes('permission-probe')) {
      held = true;
      reached();
      await gate;
    }
    return globalThis.fetch(input, init);
  };
}

/**
 * Bob's first save stops right before its first write (the branch's ref, or the file when the
 * branch needs no change); the owner's first save then goes
 * through completely; then Bob's goes on. Both are reported saved, so both must be on the branch.
 */
async function raceFirstSaves() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let reached!: () => void;
  const bobAtWrite = new Promise<void>((resolve) => { reached = resolve; });
  const owner = env.backend();
  const bob = createGitHubBackend(config(env.gh.url), { pollMs: 5, fetch: holdingFirstWrite(gate, reached) });
  const readOwner = await owner.manualContributions(OWNER_TOKEN);
  const readBob = await bob.manualContributions(BOB_TOKEN);
  const savingBob = bob.saveManualContributions(BOB_TOKEN, withContribution(readBob.contributors, 'Bob', talk(7, 'from bob')), readBob, 'Add a contribution to Bob');
  await bobAtWrite;
  const savedOwner = await owner.saveManualContributions(OWNER_TOKEN, withContribution(readOwner.contributors, 'Alice', talk(20, 'from owner')), readOwner, 'Add a contribution to Alice');
  release();
  const savedBob = await savingBob;
  return { savedOwner, savedBob };
}

/** A first save, its pull request then merged (fast-forward: main's head becomes the branch's). */
async function savedAndMerged(): Promise<string> {
  const backend = env.backend();
  const read = await backend.manualContributions(OWNER_TOKEN);
  await backend.saveManualContributions(OWNER_TOKEN, withContribution(read.contributors, 'Carol', talk(3, 'triage')), read, 'Add contributor Carol');
  return env.gh.mergePull(SLUG, 1);
}

function expectBothKept(r: Awaited<ReturnType<typeof raceFirstSaves>>) {
  expect(notesOn('Alice')).toContain('from owner');
  expect(notesOn('Bob')).toContain('from bob');
  const messages = env.gh.commits(SLUG, BRANCH).map((c) => c.message);
  expect(messages.slice(0, 2)).toEqual(['Add a contribution to Bob (by bob)', 'Add a contribution to Alice (by owner)']);
  expect(r.savedBob.notice).toMatch(/both changes were kept/);
  expect(r.savedBob.pullRequest).toEqual(r.savedOwner.pullRequest);
  expect(env.gh.pulls(SLUG).filter((p) => p.state === 'open')).toHaveLength(1);
}

describe('two admins\' first saves at the same moment: neither is lost', () => {
  it('the branch is missing: the second finds it created (422) and writes on top, without resetting it', async () => {
    const r = await raceFirstSaves();
    expectBothKept(r);
    expect(env.gh.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('the branch is at the default branch\'s head (a pull request merged fast-forward): it is not moved', async () => {
    await savedAndMerged();
    const r = await raceFirstSaves();
    expectBothKept(r);
    expect(env.gh.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('a merged pull request and the default branch moved on: fast-forwarded, and the late fast-forward is refused, not forced', async () => {
    await savedAndMerged();
    env.gh.pushFile(SLUG, 'main', 'README.md', '# board, edited\n', 'Edit the README');
    const r = await raceFirstSaves();
    expectBothKept(r);
    expect(env.gh.commits(SLUG, BRANCH)[2]?.message).toBe('Edit the README');
  });

  it('a closed (unmerged) pull request: its branch is reset, but the late reset sees the new head and does not force', async () => {
    const backend = env.backend();
    const read = await backend.manualContributions(OWNER_TOKEN);
    await backend.saveManualContributions(OWNER_TOKEN, withContribution(read.contributors, 'Carol', talk(3, 'dropped')), read, 'Add contributor Carol');
    env.gh.closePull(SLUG, 1);
    const r = await raceFirstSaves();
    expectBothKept(r);
    expect(notesOn('Carol')).toEqual([]);
    expect(env.gh.commits(SLUG, BRANCH).map((c) => c.message)).not.toContain('Add contributor Carol (by owner)');
  });
});

describe('a save with nothing to commit', () => {
  it('on a branch left at an older default head: moved up, said so, and no pull request without commits is asked for', async () => {
    const backend = env.backend();
    const read = await backend.manualContributions(OWNER_TOKEN);
    // The published file again: nothing to commit, and the branch is made at main's head.
    const same = await backend.saveManualContributions(OWNER_TOKEN, read.contributors, read, 'Touch');
    expect(same.notice).toBe(`${MANUAL} on main already holds this change, so there is nothing to propose.`);
    env.gh.pushFile(SLUG, 'main', 'CHANGELOG.md', 'v2\n', 'Release v2');
    const again = await backend.saveManualContributions(OWNER_TOKEN, read.contributors, await backend.manualContributions(OWNER_TOKEN), 'Touch');
    expect(again.notice).toBe(`${MANUAL} on main already holds this change, so there is nothing to propose.`);
    expect(again.pullRequest).toBeNull();
    expect(again.message).toMatch(/to main; they appear on the board after its next build\.$/);
    expect(env.gh.pulls(SLUG)).toEqual([]);
    // Only the token's permission probe (once, refused for its empty head) asked to open one.
    expect(env.gh.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pulls'))).toHaveLength(1);
  });
});
