import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LeaderboardError } from '../errors.js';
import { runGit } from './run-git.js';

// How many of the upstream's reflog entries (one per fetch that moved it) are looked at.
const REFLOG_DEPTH = 20;

/**
 * The error of a fast-forward pull git refused because `branch` and its upstream have diverged,
 * saying which way: the upstream rewritten (force-pushed) under commits that were all in it;
 * rewritten under work made here on top of commits it dropped (rebasing onto it would bring
 * those back); or commits made here. `before`: the upstream's commit before the pull fetched.
 * Null when they have not diverged (the pull failed for another reason: the network, local
 * changes in the way), or when git cannot tell.
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
  const pasts = await pastUpstreams(repo, full.stdout.trim(), before);
  // The commits here the upstream does not have and never had: made here.
  const local = pasts.length === 0 ? ahead : await countOf(repo, ['HEAD', '^@{upstream}', ...pasts.map((p) => `^${p}`)]);
  if (local === 0) {
    return new LeaderboardError('GIT_FAILED', `${where}: its upstream ${upstream} was rewritten (force-pushed). ${ahead === 1 ? `The commit of '${branch}' it no longer has was in it` : `The ${commits(ahead)} of '${branch}' it no longer has were all in it`} before, `
      + `and it has ${commits(behind)} '${branch}' lacks. The board keeps its last good refresh.`,
    `To follow the upstream, dropping ${ahead === 1 ? 'that commit' : `those ${ahead} commits`}, ${fix}; ${asIs}.`);
  }
  if (local !== null && local < ahead) {
    const dropped = ahead - local;
    const them = dropped === 1 ? 'it' : 'them';
    return new LeaderboardError('GIT_FAILED', `${where}: its upstream ${upstream} was rewritten (force-pushed) under work made here. Of the ${commits(ahead)} of '${branch}' it does not have, `
      + `${commits(dropped)} ${dropped === 1 ? 'was' : 'were'} in it before (the rewrite dropped ${them}) and ${commits(local)} ${local === 1 ? 'was' : 'were'} made here on top; it has ${commits(behind)} '${branch}' lacks. The board keeps its last good refresh.`,
    `To move the ${commits(local)} made here onto the rewritten upstream without the ${dropped === 1 ? 'one' : dropped} it dropped, run in ${repo}: ${await replayCommand(repo, full.stdout.trim(), upstream, local, pasts)}, then refresh; ${asIs}. `
      + `Not git rebase ${upstream}, nor a merge: they would bring the dropped ${dropped === 1 ? 'commit' : 'commits'} back.`);
  }
  return new LeaderboardError('GIT_FAILED', `${where}: it has diverged from its upstream ${upstream}: '${branch}' has ${commits(ahead)} the upstream does not, and the upstream ${commits(behind)} '${branch}' lacks. `
    + 'The board keeps its last good refresh.',
  `Rebase ${ahead === 1 ? 'that commit' : 'those commits'} onto the upstream (git rebase ${upstream}) or merge it, then refresh; ${asIs}. Only to drop ${ahead === 1 ? 'it' : 'them'}, ${fix}.`);
}

/**
 * The earlier values of the upstream ref `ref` that are still commits here: `before` (its value
 * before the pull), and those its reflog holds (a pull retried after the rewrite was fetched).
 * `git log -g` gives only the values a ref was set to, so a fresh clone's first value (the
 * rewritten one) is read from the reflog's lines, `<old> <new> ...`.
 */
async function pastUpstreams(repo: string, ref: string, before: string | null): Promise<string[]> {
  const logPath = (await runGit(repo, ['rev-parse', '--git-path', `logs/${ref}`], { okCodes: [0, 128] })).stdout.trim();
  const log = logPath ? await readFile(path.resolve(repo, logPath), 'utf8').catch(() => '') : '';
  const values = log.split('\n').slice(-REFLOG_DEPTH).flatMap((line) => line.split(' ').slice(0, 2)).filter((v) => /^[0-9a-f]{40,64}$/.test(v) && !/^0+$/.test(v));
  const found: string[] = [];
  for (const past of new Set([...(before ? [before] : []), ...values])) {
    if ((await runGit(repo, ['rev-parse', '--verify', '--quiet', `${past}^{commit}`], { okCodes: [0, 1, 128] })).code === 0) found.push(past);
  }
  return found;
}

/** `git rev-list --count` of `revs`; null when git cannot tell. */
async function countOf(repo: string, revs: string[]): Promise<number | null> {
  const res = await runGit(repo, ['rev-list', '--count', ...revs], { okCodes: [0, 128] });
  const n = Number(res.stdout.trim());
  return res.code === 0 && res.stdout.trim() !== '' && Number.isInteger(n) ? n : null;
}

/**
 * The command that replays exactly the `local` commits made here onto the upstream. `git pull
 * --rebase` (and `git rebase --fork-point`) start from the fork point the upstream's reflog
 * gives, leaving out the commits it had and dropped; said only when that point leaves `local`
 * commits to replay. Otherwise (no reflog) the earlier upstream value they are on top of is
 * named with `git rebase --onto`.
 */
async function replayCommand(repo: string, ref: string, upstream: string, local: number, pasts: readonly string[]): Promise<string> {
  const fork = (await runGit(repo, ['merge-base', '--fork-point', ref, 'HEAD'], { okCodes: [0, 1, 128] })).stdout.trim();
  if (fork && (await countOf(repo, [`${fork}..HEAD`])) === local) return `git pull --rebase (or git rebase --fork-point ${upstream})`;
  for (const past of pasts) {
    const base = (await runGit(repo, ['merge-base', past, 'HEAD'], { okCodes: [0, 1, 128] })).stdout.trim();
    if (base && (await countOf(repo, [`${base}..HEAD`])) === local) return `git rebase --onto ${upstream} ${base.slice(0, 12)}`;
  }
  return `git rebase -i ${upstream} (and drop the commits it no longer has)`;
}
