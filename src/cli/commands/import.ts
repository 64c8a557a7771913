import path from 'node:path';
import type { Command } from 'commander';
import { importManualContributions, type ImportResult } from '../../core/manual-import.js';
import { dataDirContext, parseDataDir, type RepoFlags } from '../context.js';
import { rebuiltText } from './add-contribution.js';

interface ImportFlags extends RepoFlags {
  dryRun?: boolean;
}

/** `leaderboard import FILE`: replace the manual contributions with a backup (validated, backed up first). */
export function registerImport(program: Command): void {
  program
    .command('import')
    .description('Replace the manual contributions with FILE (e.g. a backup from `leaderboard export`), keeping a backup of the current ones')
    .argument('<file>', 'manual-contributions file to import')
    .option('--dry-run', 'validate FILE and print what would change; write nothing')
    .option('--repo <path>', 'repository (default: current directory; outside one, the repository --data-dir was refreshed from)')
    .option('--data-dir <dir>', 'data directory (default: <repo>/.leaderboard)', parseDataDir)
    .action(async (file: string, flags: ImportFlags) => {
      // With --data-dir outside any repository (a backup restored on another machine) the directory alone will do.
      const ctx = await dataDirContext(flags);
      const result = await importManualContributions(ctx, file, Boolean(flags.dryRun));
      for (const line of describeImport(result)) console.log(line);
    });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const names = (list: string[]) => list.slice(0, 20).join(', ') + (list.length > 20 ? `, ... (${list.length - 20} more)` : '');

/** The lines `import` prints: what changes (or would), then what was done. */
export function describeImport(r: ImportResult): string[] {
  const rel = path.relative(process.cwd(), r.file) || r.file;
  if (r.identical) return [`${rel} is identical to the current manual contributions: nothing to do.`];
  const out: string[] = [];
  if (r.currentInvalid) out.push(`The current manual contributions do not parse and ${r.dryRun ? 'would be' : 'were'} replaced whole: ${r.currentInvalid}`);
  out.push(`${r.dryRun ? 'Would import' : 'Imported'} ${rel}: ${plural(r.after.contributors, 'contributor')}, ${plural(r.after.contributions, 'contribution')} (was ${plural(r.before.contributors, 'contributor')}, ${plural(r.before.contributions, 'contribution')}).`);
  if (r.added.length) out.push(`  added: ${names(r.added)}`);
  if (r.removed.length) out.push(`  removed: ${names(r.removed)}`);
  if (r.changed.length) out.push(`  changed: ${names(r.changed)}`);
  out.push(`  unchanged: ${r.unchanged}`);
  if (r.dryRun) out.push('Dry run: nothing was written.');
  else {
    if (r.backup) out.push(`Previous version kept in ${path.relative(process.cwd(), r.backup) || r.backup}.`);
    out.push(rebuiltText({ rebuilt: r.rebuilt, dataFile: '', ...(r.rebuildError ? { error: r.rebuildError } : {}) }));
  }
  return out;
}
