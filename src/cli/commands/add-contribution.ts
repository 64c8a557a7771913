import type { Command } from 'commander';
import { LeaderboardError } from '../../core/errors.js';
import { addManualContribution, type ManualAddResult, type ManualChangeOptions } from '../../core/manual-service.js';
import type { RebuildResult } from '../../core/rebuild.js';
import { dataDirContext, parseDataDir, type RepoFlags } from '../context.js';
import { trimSpaces } from '../../shared/fold.js';

interface ContributionFlags extends RepoFlags {
  score: string;
  notes?: string;
  start?: string;
  end?: string;
  email?: string;
}

/** `leaderboard add-contribution <name> --score N ...`: a manual score for non-code work. */
export function registerAddContribution(program: Command): void {
  program
    .command('add-contribution')
    .description('Add a manual score (a talk, a paper, mentoring...) and rebuild the leaderboards from the cache')
    .argument('<name>', 'contributor name, as it appears on the leaderboard')
    .requiredOption('--score <n>', 'whole points, greater than 0')
    .option('--notes <text>', 'what it was for (shown as a hover note)')
    .option('--start <YYYY-MM-DD>', 'first day it counts for (default: open)')
    .option('--end <YYYY-MM-DD>', 'last day it counts for (default: open)')
    .option('--email <email>', "the contributor's email")
    .option('--repo <path>', 'repository (default: current directory; outside one, the repository --data-dir was refreshed from)')
    .option('--data-dir <dir>', 'data directory (default: <repo>/.leaderboard)', parseDataDir)
    .action(async (name: string, flags: ContributionFlags) => {
      // No git needed: a data directory whose repository is gone will do, as for import (see dataDirContext).
      const ctx: ManualChangeOptions = await dataDirContext(flags);
      const score = scoreFromFlag(flags.score);
      const result = await addManualContribution(ctx, {
        name,
        score,
        ...(flags.notes !== undefined ? { notes: flags.notes } : {}),
        ...(flags.start !== undefined ? { start: flags.start } : {}),
        ...(flags.end !== undefined ? { end: flags.end } : {}),
        ...(flags.email !== undefined ? { email: flags.email } : {}),
      });
      console.log(`Added ${points(score)} for ${trimSpaces(name)}. ${rebuiltText(result)}`);
      const note = outsideText(result, flags);
      if (note) console.log(note);
    });
}

/**
 * A --score flag as a whole number. 0 and negative numbers go on to the validation, which refuses
 * them with the spec's 'Score must be greater than 0'; anything that is not a whole number is
 * refused here, since that message was misleading for "2.5" or "ten".
 */
export function scoreFromFlag(value: string): number {
  if (/^-?\d+$/.test(value.trim())) return Number(value);
  throw new LeaderboardError('INVALID_INPUT', `Score must be a whole number greater than 0, got "${value}"`);
}

/** What to tell the user about the data file after a manual change. */
export function rebuiltText(result: RebuildResult): string {
  if (result.error) return `Saved, but the leaderboards could not be rebuilt (${result.error}); run \`leaderboard refresh\` once that is fixed. Do not add it again: it is saved.`;
  return result.rebuilt
    ? 'Leaderboards rebuilt.'
    : 'Saved; the leaderboards will include it after the first `leaderboard refresh`.';
}

/**
 * The note for a contribution saved with dates no period of the leaderboards overlaps (before
 * the history, after its last commit): it showed nowhere, and "Added" alone did not say so.
 */
export function outsideText(result: ManualAddResult, dates: { start?: string; end?: string }): string | null {
  if (result.outside === undefined) return null;
  const start = dates.start?.trim() || null;
  const end = dates.end?.trim() || null;
  const days = start && end ? (start === end ? start : `${start} to ${end}`) : start ? `from ${start}` : `up to ${end}`;
  const span = result.outside === null ? 'they have no periods yet' : `their periods run from ${result.outside.first} to ${result.outside.last}`;
  return `Note: no period on the leaderboards overlaps this contribution's dates (${days}; ${span}), so it shows on no leaderboard until one does.`;
}

/** `1 point`, `30 points`: the score as saved. */
export const points = (score: number): string => `${score} point${score === 1 ? '' : 's'}`;
