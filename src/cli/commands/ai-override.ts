import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { readOverrides } from '../../core/ai/override-file.js';
import { describeEffect, overridesGone, removeAiOverride, setAiOverride } from '../../core/ai/overrides.js';
import { LeaderboardError } from '../../core/errors.js';
import { runGit } from '../../core/git/run-git.js';
import { dataDirPaths } from '../../core/store/data-dir.js';
import { manualContext, otherBoardRefusal, parseDataDir, type RepoFlags } from '../context.js';

interface SetFlags extends RepoFlags {
  score: string;
  note: string;
  by?: string;
}

/** `leaderboard ai-override set|remove|list`: an admin's AI score for one commit, with a note. */
export function registerAiOverride(program: Command): void {
  const group = program
    .command('ai-override')
    .description("Override one commit's AI score (0-25) with a note; overrides survive refreshes and show on the page");
  const repoOptions = (c: Command) => c
    .option('--repo <path>', 'repository (default: current directory; outside one, the repository --data-dir was refreshed from)')
    .option('--data-dir <dir>', 'data directory (default: <repo>/.leaderboard)', parseDataDir);

  repoOptions(group.command('set')
    .description("Set a commit's AI score and rebuild the leaderboards from the cache")
    .argument('<commit>', 'the commit: a hash (4 digits or more) or a revision such as HEAD or v1.2~3')
    .requiredOption('--score <n>', 'the AI part to use, a whole number from 0 to 25')
    .requiredOption('--note <text>', 'why (shown on the page next to the score)')
    .option('--by <name>', 'who overrides it (default: git user.email, else the OS user)'))
    .action(async (commit: string, flags: SetFlags) => {
      const ctx = await manualContext(flags);
      if (!/^\s*-?\d+\s*$/.test(flags.score)) throw new LeaderboardError('INVALID_INPUT', `--score must be a whole number from 0 to 25, got "${flags.score}".`);
      const by = flags.by?.trim() || (await gitUser(ctx.repo));
      const { override: o, effect } = await setAiOverride(ctx, { commit, score: Number(flags.score), note: flags.note, by });
      console.log(`AI score of ${o.hash.slice(0, 8)} set to ${o.score} by ${o.by}: ${o.note}`);
      if (effect !== 'applied') console.log(`Note: ${describeEffect(effect)}.`);
    });

  repoOptions(group.command('remove')
    .description('Remove the override of a commit: its model or local score applies again')
    .argument('<commit>', 'the commit: a hash (4 digits or more) or a revision such as HEAD or v1.2~3'))
    .action(async (commit: string, flags: RepoFlags) => {
      const ctx = await manualContext(flags);
      const removed = await removeAiOverride(ctx, commit);
      if (!removed) {
        // Asked to remove what is not there: the user's to correct (exit 2), as a bad hash is.
        throw new LeaderboardError('INVALID_INPUT', `No AI override for ${commit}.`, 'Run `leaderboard ai-override list` to see the overridden commits.');
      }
      console.log(`Removed the AI override of ${commit}.`);
      if (removed.effect !== 'applied') console.log(`Note: ${describeEffect(removed.effect)}.`);
    });

  repoOptions(group.command('list').description('List the overridden commits'))
    .action(async (flags: RepoFlags) => {
      // Only read: another repository's board is listed too, but this checkout's history says nothing of its commits.
      const ctx = await manualContext(flags, 'only reads');
      const overrides = await readOverrides(dataDirPaths(ctx.dataDir).overrides);
      if (overrides.length === 0) return console.log('No AI overrides.');
      const other = flags.dataDir === undefined ? null : await otherBoardRefusal(ctx);
      const gone = other ? new Set<string>() : await overridesGone(ctx, overrides);
      for (const o of overrides) console.log(`${o.hash.slice(0, 8)}  AI ${String(o.score).padStart(2)}  ${o.at.slice(0, 10)}  ${o.by}: ${o.note}${gone.has(o.hash) ? '  (not in the history)' : ''}`);
      if (other) console.log(`Note: ${ctx.dataDir} holds the board of another repository: run the command inside it to see which of these commits are still in its history.`);
      if (gone.size > 0) {
        const one = gone.size === 1;
        console.log(`Note: ${one ? '1 commit marked "not in the history" is' : `${gone.size} commits marked "not in the history" are`} in no branch the board reads any more (amended, rebased or force-pushed away), so ${one ? 'its override applies' : 'their overrides apply'} to nothing. `
          + 'Set the override again on the new commit, and remove the old one with `leaderboard ai-override remove HASH`.');
      }
    });
}

async function gitUser(repo: string): Promise<string> {
  const email = (await runGit(repo, ['config', 'user.email'], { okCodes: [0, 1] }).catch(() => null))?.stdout.trim();
  return email || `cli:${userInfo().username}`;
}
