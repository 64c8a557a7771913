import type { Command } from 'commander';
import { LeaderboardError } from '../../core/errors.js';
import { addManualContribution } from '../../core/manual-service.js';
import { dataDirContext, parseDataDir, type RepoFlags } from '../context.js';
import { outsideText, points, rebuiltText } from './add-contribution.js';
import { trimSpaces } from '../../shared/fold.js';

interface ContributorFlags extends RepoFlags {
  score: string;
  notes?: string;
  start?: string;
  end?: string;
  email?: string;
}

/** `leaderboard contributor add <name> --score N ...`: a new contributor with an initial manual score. */
export function registerContributor(program: Command): void {
  const contributor = program
    .command('contributor')
    .description('Manage manual contributors (local files; no token needed)');

  contributor
    .command('add')
    .description('Add a new contributor with an initial manual score and rebuild the leaderboards from the cache')
    .argument('<name>', 'contributor name, as it will appear on the leaderboard')
    .requiredOption('--score <n>', 'initial score: whole points, greater than 0')
    .option('--notes <text>', 'what it was for (shown as a hover note)')
    .option('--email <email>', "the contributor's email")
    .option('--start <YYYY-MM-DD>', 'first day it counts for (default: open)')
    .option('--end <YYYY-MM-DD>', 'last day it counts for (default: open)')
    .option('--repo <path>', 'repository (default: current directory; outside one, the repository --data-dir was refreshed from)')
    .option('--data-dir <dir>', 'data directory (default: <repo>/.leaderboard)', parseDataDir)
    .action(async (name: string, flags: ContributorFlags) => {
      // No git needed: a data directory whose repository is gone will do, as for import.
      const ctx = await dataDirContext(flags);
      const score = initialScore(flags.score);
      const result = await addManualContribution(ctx, {
        name,
        score,
        ...(flags.notes !== undefined ? { notes: flags.notes } : {}),
        ...(flags.start !== undefined ? { start: flags.start } : {}),
        ...(flags.end !== undefined ? { end: flags.end } : {}),
        ...(flags.email !== undefined ? { email: flags.email } : {}),
      }, true);
      console.log(`Added contributor ${trimSpaces(name)} with ${points(score)}. ${rebuiltText(result)}`);
      const note = outsideText(result, flags);
      if (note) console.log(note);
    });
}

/**
 * --score as a whole number; 0 and negatives go on to the validation ('Initial contribution
 * score must be greater than 0'), anything else that is not a whole number is refused here.
 */
function initialScore(value: string): number {
  if (/^-?\d+$/.test(value.trim())) return Number(value);
  throw new LeaderboardError('INVALID_INPUT', `Initial contribution score must be a whole number greater than 0, got "${value}"`);
}
