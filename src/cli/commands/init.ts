import path from 'node:path';
import type { Command } from 'commander';
import { nobodyCanSignIn } from '../../core/site/site-admin.js';
import { DEFAULT_SCHEDULE, defaultPackageSpec, initGithubActions } from '../../core/workflow/github-actions.js';
import { commandContext, refuseRepoUrl, type RepoFlags } from '../context.js';

interface InitFlags extends Pick<RepoFlags, 'repo'> {
  schedule?: string;
  packageSpec?: string;
  force?: boolean;
  branch?: string;
}

/** Why the config file still has to be committed, by its git status. */
const CONFIG_STATES = {
  untracked: 'not committed yet',
  changed: 'changed since the last commit',
  ignored: 'ignored by git, so add it with git add -f',
  deleted: 'deleted here but still in the last commit, so commit its deletion',
} as const;

/** `leaderboard init github-actions`: writes the workflow that publishes the board on GitHub Pages. */
export function registerInit(program: Command): void {
  const init = program.command('init').description('Set up publishing the board');
  init
    .command('github-actions')
    .description('Write .github/workflows/leaderboard.yml: refresh on a schedule and publish on GitHub Pages')
    .option('--repo <path>', 'repository to add the workflow to (default: current directory)')
    .option('--schedule <cron>', `when to refresh, a cron expression in UTC (default "${DEFAULT_SCHEDULE}": daily)`)
    .option('--package-spec <spec>', `what the workflow installs with npm install -g (default ${defaultPackageSpec()})`)
    .option('--branch <name>', "the branch whose pushes publish the board (default: origin's default branch)")
    .option('--force', 'replace an existing workflow file')
    .action(async (flags: InitFlags) => {
      refuseRepoUrl(flags, false);
      const ctx = await commandContext({ ...(flags.repo ? { repo: flags.repo } : {}) });
      const { file, branch, branchFrom, noOrigin, configToCommit } = await initGithubActions({ repo: ctx.repo, config: ctx.config, schedule: flags.schedule, packageSpec: flags.packageSpec, force: flags.force, branch: flags.branch });
      const alsoConfig = configToCommit ? ` and ${configToCommit.file} (${CONFIG_STATES[configToCommit.state]}: the workflow reads the board's settings from it)` : '';
      console.log(`Wrote ${path.relative(process.cwd(), file) || file}. Commit and push it${alsoConfig}, then in the repository's Settings > Pages choose "GitHub Actions" as the source; `
        + 'the board is published after the next run (Actions > Leaderboard > Run workflow starts one now).');
      console.log(noOrigin
        ? `It also runs on each push to ${branch} (${branchFrom}, so which branch GitHub publishes from is unknown). `
          + 'Add the GitHub repository as origin (git remote add origin https://github.com/OWNER/REPO.git, then git fetch origin) and run this again with --force, or pass --branch NAME.'
        : `It also runs on each push to ${branch} (${branchFrom === 'given' ? 'as --branch says' : branchFrom}); --branch NAME chooses another.`);
      if (ctx.config.ai.provider !== 'none') {
        const key = ctx.config.ai.provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
        console.log(`ai.provider is ${ctx.config.ai.provider}: add ${key} under Settings > Secrets and variables > Actions.`);
      }
      // The runner builds the site for this repository (GITHUB_REPOSITORY), so it has an Admin button.
      const nobody = await nobodyCanSignIn(ctx.repo, ctx.config);
      if (nobody) console.error(`Warning: ${nobody}`);
    });
}
