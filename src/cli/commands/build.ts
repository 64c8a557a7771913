import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../core/config.js';
import { resolveRepo } from '../../core/git/repo.js';
import { nobodyCanSignIn, siteAdminConfig, type SiteAdminResult } from '../../core/site/site-admin.js';
import { writeSite } from '../../core/site/write-site.js';
import { addAiOptions } from '../ai-options.js';
import { addWindowOptions, collect, commandContext, type CommandContext, nonEmptyPath, parseDataDir, refreshContext, refuseWindowWithoutRefresh } from '../context.js';
import { sayOnSignal } from '../signal-exit.js';
import { refreshAndReport, type RefreshFlags } from './refresh.js';

interface BuildFlags extends RefreshFlags {
  out?: string;
  refresh: boolean;
  emails?: boolean;
  admin: boolean;
}

/** `leaderboard build`: refresh, then write a static site for visitors. */
export function registerBuild(program: Command): void {
  const command = program
    .command('build')
    .description('Refresh (incrementally), then write a static site of the board for any static file server')
    .option('--repo <path|url|name>', 'repository to analyse (default: current directory); repeat it for a board of several', collect)
    .option('--data-dir <dir>', 'data directory (default: <repo>/.leaderboard)', parseDataDir)
    .option('--out <dir>', 'where the site goes, replaced whole (default: <data-dir>/site)', nonEmptyPath('--out', 'the folder to write the site to (default: <data-dir>/site)'))
    .option('--no-refresh', 'publish the data directory as it is')
    .option('--emails', 'keep contributors\' email addresses in the published data (left out by default: the site is public)')
    .option('--no-admin', 'no Admin button on the site (by default admins sign in on it and save through GitHub)')
    .option('-q, --quiet', 'no progress display');
  addAiOptions(addWindowOptions(command))
    .action(async (flags: BuildFlags) => {
      refuseWindowWithoutRefresh(flags);
      let dataDir: string;
      let admin: SiteAdminResult;
      let home: { repo: string; config: CommandContext['config'] } | null;
      if (flags.refresh) {
        const ctx = await refreshContext(flags, 'build', !flags.quiet);
        await refreshAndReport(ctx, flags);
        dataDir = ctx.dataDir;
        home = ctx;
        admin = await adminOf(ctx, flags);
      } else {
        // A data directory made elsewhere needs no repository (and then has no Admin button); one
        // in a repository is administered on that repository, whatever the current directory.
        const given = flags.dataDir !== undefined && flags.repo === undefined ? path.resolve(flags.dataDir) : null;
        const found = given ? await resolveRepo(given).catch(() => null) : null;
        const ctx = given ? (found ? { repo: found, dataDir: given, config: await loadConfig(found), sources: null } : null) : await commandContext(flags);
        dataDir = given ?? (ctx as CommandContext).dataDir;
        home = ctx;
        admin = ctx ? await adminOf({ ...ctx, dataDir }, flags) : { admin: null, reason: `${dataDir} is not in a git repository` };
      }
      const outDir = path.resolve(flags.out ?? path.join(dataDir, 'site'));
      const where = path.relative(process.cwd(), outDir) || '.';
      // Stopped by a signal, it ended without a word; it says what is left, as refresh does.
      let left = existsSync(outDir) ? `the site in ${where} was left as it was (a new site replaces it only once whole)` : `no site was written to ${where}`;
      const signals = sayOnSignal(() => `Build interrupted: ${left}; the next build removes anything half-made beside it.`);
      const site = await writeSite({
        dataDir, outDir, emails: Boolean(flags.emails), admin: admin.admin,
        onReplaced: () => { left = `the new site is in ${where}, whole`; },
      }).finally(signals.release);
      console.log(`Site written to ${where} (data ${(site.dataBytes / 1024).toFixed(0)} KB, ${site.emails ? 'with' : 'without'} contributors' email addresses). `
        + 'Serve it with any static file server, from the root or a subpath.');
      // The primary admin's email is published on purpose (sign-in matches it, and a refusal names it): said, not hidden.
      const primaryEmail = admin.admin?.primary.email;
      console.log(admin.admin
        ? `Admins sign in on it and save to ${admin.admin.repository} through GitHub (${admin.admin.adminChanges === 'commit' ? 'committed to the default branch' : 'by pull request'}).`
          + (primaryEmail ? ` leaderboard-admin.json holds the primary admin's email (${primaryEmail}), which sign-in checks and a refused admin is told to contact.` : '')
        : `No Admin button: ${admin.reason}.`);
      const nobody = admin.admin && home ? await nobodyCanSignIn(home.repo, home.config) : null;
      if (nobody) console.error(`Warning: ${nobody}`);
    });
}

async function adminOf(ctx: CommandContext, flags: BuildFlags): Promise<SiteAdminResult> {
  if (!flags.admin) return { admin: null, reason: '--no-admin' };
  return siteAdminConfig({ repo: ctx.repo, dataDir: ctx.dataDir, config: ctx.config, env: process.env });
}
