import type { Command } from 'commander';
import { LeaderboardError } from '../../core/errors.js';
import { defaultConfig } from '../../core/config.js';
import { findGitHubToken } from '../../core/github/activity/token.js';
import { shellWord } from '../../core/manual-names.js';
import { commandContext, type CommandContext, refuseRepoUrl, type RepoFlags } from '../context.js';

interface AdminFlags extends RepoFlags {
  githubRepo?: string;
  githubApiUrl?: string;
}

/** What the admin-list commands print when no token is found. */
export const MISSING_TOKEN_MESSAGE = 'Set GITHUB_TOKEN (or GH_TOKEN) to a GitHub token with the repo and user:email scopes, or sign in with `gh auth login`';

/** `leaderboard admins list|add|remove`: the admin list on GitHub, as the admin panel manages it. */
export function registerAdmins(program: Command): void {
  const admins = program
    .command('admins')
    .description('Show or change the admin list (admin-list.json on GitHub; needs GITHUB_TOKEN, GH_TOKEN or a signed-in gh)');

  withAdminOptions(admins.command('list'))
    .description('List the primary admins and the admins of admin-list.json on the default branch')
    .action(async (flags: AdminFlags) => {
      const { listAdmins } = await import('../../core/github/admin-service.js');
      const deps = await adminDeps(flags, 'list');
      const view = await listAdmins(deps.gateway, deps.token, deps.primary);
      const primary = [deps.primary.email, deps.primary.login].filter((p): p is string => !!p);
      console.log(`Admins of ${deps.repo}:`);
      for (const p of primary) console.log(`  ${p} (primary)`);
      for (const a of view.admins) console.log(`  ${a}`);
      if (primary.length + view.admins.length === 0) console.log('  (none)');
      console.log(`Signed in as ${view.user.email ?? view.user.login}${view.authorized ? ' (admin)' : ' (not an admin)'}.`);
    });

  withAdminOptions(admins.command('add'))
    .description('Add an admin (email or GitHub username); proposed by a pull request')
    .argument('<entry>', 'email address or GitHub username')
    .action(async (entry: string, flags: AdminFlags) => {
      const { changeAdmins } = await import('../../core/github/admin-service.js');
      const deps = await adminDeps(flags, 'add <entry>');
      const result = await changeAdmins(deps.gateway, deps.token, deps.primary, { add: entry });
      console.log(`Added ${entry.trim()} to the admin list of ${deps.repo}. Pull request: ${result.pullRequestUrl}`);
      noteDropped(result.dropped);
    });

  withAdminOptions(admins.command('remove'))
    .description('Remove an admin (primary admins cannot be removed); proposed by a pull request')
    .argument('<entry>', 'email address or GitHub username')
    .action(async (entry: string, flags: AdminFlags) => {
      const { changeAdmins } = await import('../../core/github/admin-service.js');
      const deps = await adminDeps(flags, 'remove <entry>');
      const result = await changeAdmins(deps.gateway, deps.token, deps.primary, { remove: entry });
      console.log(`Removed ${entry.trim()} from the admin list of ${deps.repo}. Pull request: ${result.pullRequestUrl}`);
      noteDropped(result.dropped);
    });
}

function withAdminOptions(command: Command): Command {
  return command
    .option('--github-repo <owner/name>', 'GitHub repository holding admin-list.json (default: github.repo of the config, else the origin remote)')
    .option('--github-api-url <url>', 'GitHub REST API URL (default: $GITHUB_API_URL, github.apiUrl of the config, else https://api.github.com)')
    .option('--repo <path>', 'repository (default: current directory)');
}

/**
 * The GitHub target, then the token (GITHUB_TOKEN, else GH_TOKEN, else `gh auth token`, as a
 * refresh finds it), the gateway and the primary admins. `usage` is the subcommand, for the hint.
 */
async function adminDeps(flags: AdminFlags, usage: string) {
  const [{ ghTokenMayGo, gitHostOfApi, plainHttpRefusal, resolveGitHubTarget, tokenMayGo }, { createGitHubGateway }, { primaryAdminsOf }] = await Promise.all([
    import('../../core/github/target.js'), import('../../core/github/gateway.js'), import('../../core/github/admin-access.js'),
  ]);
  // The flags first: a malformed --github-repo is fixed before a token is looked for.
  const ctx = await contextOrDefaults(flags);
  const target = await resolveGitHubTarget({
    repoDir: ctx.repo,
    config: ctx.config,
    flags: { githubRepo: flags.githubRepo, githubApiUrl: flags.githubApiUrl },
    env: process.env,
  });
  // gh's token for the API's host: its github.com token must not go to a GitHub Enterprise server.
  const found = await findGitHubToken(process.env, undefined, gitHostOfApi(target.apiUrl));
  if (!found) throw new LeaderboardError('INVALID_INPUT', MISSING_TOKEN_MESSAGE, `e.g. GITHUB_TOKEN=ghp_... leaderboard admins ${usage}`);
  // Sent in a header, it failed with an error that printed the whole token.
  if (found.problem) throw new LeaderboardError('INVALID_INPUT', `${found.problem}.`);
  if (found.source === 'gh' && !ghTokenMayGo(target.apiUrl)) throw new LeaderboardError('INVALID_CONFIG', `${plainHttpRefusal(target.apiUrl)}.`);
  // The config is the repository's, cloned from anyone: its API URL alone gets no token of the
  // environment (see tokenMayGo). gh's token is the named host's own.
  if (found.source !== 'gh' && !tokenMayGo(target.apiUrl, { config: ctx.config, flags: { githubApiUrl: flags.githubApiUrl }, env: process.env })) {
    throw new LeaderboardError('INVALID_CONFIG', `leaderboard.config.json's github.apiUrl ${target.apiUrl} would get your ${found.source}.`,
      'If you trust that server, name it yourself: --github-api-url URL, or GITHUB_API_URL (GitHub Actions sets it on GitHub Enterprise).');
  }
  return { token: found.token, repo: target.repo, gateway: createGitHubGateway(target), primary: primaryAdminsOf(ctx.config) };
}

/** The repository context; outside a git repository, with --github-repo, the defaults (no config file). */
async function contextOrDefaults(flags: AdminFlags): Promise<Pick<CommandContext, 'repo' | 'config'>> {
  refuseRepoUrl(flags, false);
  try {
    return await commandContext(flags);
  } catch (err) {
    if (err instanceof LeaderboardError && err.code === 'NOT_A_GIT_REPO' && flags.githubRepo && flags.repo === undefined) {
      return { repo: process.cwd(), config: defaultConfig() };
    }
    throw err;
  }
}

/** Says what of the earlier proposal this one replaced (each starts from the default branch's list). */
function noteDropped(dropped: { added: string[]; removed: string[] }): void {
  const again = [...dropped.added.map((e) => `leaderboard admins add ${shellWord(e)}`), ...dropped.removed.map((e) => `leaderboard admins remove ${shellWord(e)}`)];
  if (again.length === 0) return;
  const what = [dropped.added.length ? `adding ${dropped.added.join(', ')}` : '', dropped.removed.length ? `removing ${dropped.removed.join(', ')}` : ''].filter(Boolean).join(' and ');
  console.log(`Note: the pull request proposed ${what}, not merged yet; this change starts again from the default branch's list and replaces it. To keep it, run: ${again.join('; ')}`);
}
