import path from 'node:path';
import type { Command } from 'commander';
import { writeSite } from '../../core/site/write-site.js';
import { addAiOptions } from '../ai-options.js';
import { addWindowOptions, collect, commandContext, refuseWindowWithoutRefresh } from '../context.js';
import { refreshAndReport, type RefreshFlags } from './refresh.js';

interface BuildFlags extends RefreshFlags {
  out?: string;
  refresh: boolean;
  emails?: boolean;
}

/** `leaderboard build`: refresh, then write a static site for visitors. */
export function registerBuild(program: Command): void {
  const command = program
    .command('build')
    .description('Refresh (incrementally), then write a static site of the board for any static file server')
    .option('--repo <path|url|name>', 'repository to analyse (default: current directory); repeat it for a board of several', collect)
    .option('--data-dir <dir>', 'data directory (default: <repo>/.leaderboard)')
    .option('--out <dir>', 'where the site goes, replaced whole (default: <data-dir>/site)')
    .option('--no-refresh', 'publish the data directory as it is')
    .option('--emails', 'keep contributors\' email addresses in the published data (left out by default: the site is public)')
    .option('-q, --quiet', 'no progress display');
  addAiOptions(addWindowOptions(command))
    .action(async (flags: BuildFlags) => {
      refuseWindowWithoutRefresh(flags);
      let dataDir: string;
      if (flags.refresh) {
        const ctx = await commandContext(flags);
        await refreshAndReport(ctx, flags);
        dataDir = ctx.dataDir;
      } else {
        // A data directory made elsewhere needs no repository.
        dataDir = flags.dataDir ? path.resolve(flags.dataDir) : (await commandContext(flags)).dataDir;
      }
      const outDir = path.resolve(flags.out ?? path.join(dataDir, 'site'));
      const site = await writeSite({ dataDir, outDir, emails: Boolean(flags.emails) });
      const where = path.relative(process.cwd(), site.outDir) || '.';
      console.log(`Site written to ${where} (data ${(site.dataBytes / 1024).toFixed(0)} KB, ${site.emails ? 'with' : 'without'} email addresses). `
        + 'Serve it with any static file server, from the root or a subpath.');
    });
}

