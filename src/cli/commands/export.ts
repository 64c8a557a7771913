import path from 'node:path';
import type { Command } from 'commander';
import { exportManualContributions, manualBackup } from '../../core/manual-service.js';
import { commandContext, nonEmptyPath, parseDataDir, refuseRepoUrl, type RepoFlags } from '../context.js';

interface ExportFlags extends RepoFlags {
  out?: string;
  force?: boolean;
}

/** `leaderboard export`: a backup of the manual contributions. */
export function registerExport(program: Command): void {
  program
    .command('export')
    .description('Write a backup of the manual contributions')
    .option('--out <file>', 'backup file, - for standard output (default: manual-contributions-backup-YYYY-MM-DD.json)', parseOut)
    .option('--force', 'overwrite the backup file if it exists')
    .option('--repo <path>', 'repository (default: current directory)')
    .option('--data-dir <dir>', 'data directory (default: <repo>/.leaderboard)', parseDataDir)
    .action(async (flags: ExportFlags) => {
      refuseRepoUrl(flags);
      // Only the data directory is read: with --data-dir no repository is needed (it refused to
      // export from a data directory when run outside a git repository).
      const dataDir = flags.dataDir !== undefined ? path.resolve(flags.dataDir) : (await commandContext(flags)).dataDir;
      if (flags.out === '-') {
        process.stdout.write((await manualBackup(dataDir)).text);
        return;
      }
      const { file, contributors } = await exportManualContributions(dataDir, flags.out, Boolean(flags.force));
      console.log(`Exported ${contributors} contributor${contributors === 1 ? '' : 's'} to ${path.relative(process.cwd(), file) || file}.`);
    });
}

/** `--out`: an empty value (an unset variable in a script) was taken as the current directory. */
const parseOut = nonEmptyPath('--out', 'the backup file to write, or --out - to print it');
