import path from 'node:path';
import type { Command } from 'commander';
import { mergeParts } from '../../core/merge/merge.js';
import { dataDirContext, parseDataDir, type RepoFlags } from '../context.js';
import { activityWarning } from './refresh.js';

/** `leaderboard merge`: one board from the parts that CI jobs refreshed one repository each. */
export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('Combine data directories refreshed one repository each (a CI matrix) into one board')
    .argument('<parts...>', 'data directories written by `leaderboard refresh --repo X --data-dir part-X`')
    .option('--repo <path>', "the board's repository, whose leaderboard.config.json applies (default: current directory; outside one, the repository --data-dir was refreshed from)")
    .option('--data-dir <dir>', "the board's data directory (default: <repo>/.leaderboard)", parseDataDir)
    .action(async (parts: string[], flags: RepoFlags & { repo?: string }) => {
      // Outside any repository (a CI job's bare directory), --data-dir alone will do, with the default settings.
      const ctx = await dataDirContext(flags);
      const result = await mergeParts({ partDirs: parts, dataDir: ctx.dataDir, repo: ctx.repo, config: ctx.config });
      const where = path.relative(process.cwd(), result.dataFile) || result.dataFile;
      const listed = result.repositories.map((r) => `${r.name} ${r.commits}`).join(', ');
      console.log(`Merged ${result.repositories.length} ${result.repositories.length === 1 ? 'repository' : 'repositories'} (commits in the window: ${listed}), ${result.contributors} contributor${result.contributors === 1 ? '' : 's'} -> ${where}.`);
      if (result.activity?.state === 'failed') console.error(activityWarning(result));
    });
}
