import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LeaderboardError } from '../errors.js';
import { runGit } from './run-git.js';

// How many of the upstream's reflog entries (one per fetch that moved it) are looked at.
const REFLOG_DEPTH = 20;

/**
 * The error of a fast-forward pull git refused because `branch` and its upstream have diverged,
 * saying which way: the upstream rewritten (force-pushed) under commits that were all in it, or
 * commits made here. `before`: the upstream's commit before the pull fetched. Null when they
 * have not diverged (the pull failed for another reason: the network, local changes in the
 * way), or when git cannot tell.
 */
export async function divergedError(repo: string, branch: string, before: string | null): Promise<LeaderboardError | null> {
  const named = await runGit(repo, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'], { okCodes: [0, 128] });
  const full = await runGit(repo, ['rev-parse', '--symbolic-full-name', '@{upstream}'], { okCodes: [0, 128] });
  const counts = await runGit(repo, ['rev-list', '--left-right', '--count', 'HEAD...@{upstream}'], { okCodes: [0, 128] });
  const [ahead, behind] = counts.stdout.trim().split(/\s+/).map(Number);
  const upstream = named.stdout.trim();
  if (named.code !== 0 || full.code !== 0 || counts.code !== 0 || !ahead || !behind || upstream === '') return null;
  const commits = (n: number) => `${n} commit${n === 1 ? '' : 's'}`;
  const where = `Could not fast-forward '${branch}' in ${repo}`;
  const fix = `run in ${repo}: git reset --hard ${upstream} (it also drops uncommitted changes)`;
  const asIs = `or refresh without --pull to analyse '${branch}' as it is`;
  if (await wasUpstreams(repo, full.stdout.trim(), before)) {
    return new LeaderboardError('GIT_FAILED', `${where}: its upstream ${upstream} was rewritten (force-pushed). ${ahead === 1 ? `The commit of '${branch}' it no longer has was in it` : `The ${commits(ahead)} of '${branch}' it no longer has were all in it`} before, `
      + `and it has ${commits(behind)} '${branch}' lacks. The board keeps its last good refresh.`,
    `To follow the upstream, dropping ${ahead === 1 ? 'that commit' : `those ${ahead} commits`}, ${fix}; ${asIs}.`);
  }
  return new LeaderboardError('GIT_FAILED', `${where}: it has diverged from its upstream ${upstream}: '${branch}' has ${commits(ahead)} the upstream does not, and the upstream ${commits(behind)} '${branch}' lacks. `
    + 'The board keeps its last good refresh.',
  `Rebase ${ahead === 1 ? 'that commit' : 'those commits'} onto the upstream (git rebase ${upstream}) or merge it, then refresh; ${asIs}. Only to drop ${ahead === 1 ? 'it' : 'them'}, ${fix}.`);
}

/**
 * Whether HEAD was within an earlier value of the upstream ref `ref`: `before` (its value before
 * the pull), or one its reflog holds (a pull retried after the rewrite was fetched). `git log -g`
 * gives only the values a ref was set to, so a fresh clone's first value (the rewritten one) is
 * read from the reflog's lines, `<old> <new> ...`.
 */
async function wasUpstreams(repo: string, ref: string, before: string | null): Promise<boolean> {
  const logPath = (await runGit(repo, ['rev-parse', '--git-path', `logs/${ref}`], { okCodes: [0, 128] })).stdout.trim();
  const log = logPath ? await readFile(path.resolve(repo, logPath), 'utf8').catch(() => '') : '';
  const values = log.split('\n').slice(-REFLOG_DEPTH).flatMap((line) => line.split(' ').slice(0, 2)).filter((v) => /^[0-9a-f]{40,64}$/.test(v) && !/^0+$/.test(v));
  for (const past of new Set([...(before ? [before] : []), ...values])) {
    if ((await runGit(repo, ['merge-base', '--is-ancestor', 'HEAD', past], { okCodes: [0, 1, 128] })).code === 0) return true;
  }
  return false;
}
