import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { LeaderboardError } from '../../core/errors.js';
import { SERVE_HOST_INSTEAD, serveHostProblem } from '../../core/serve-host.js';
import { acquireServeLock } from '../../core/store/serve-lock.js';
import { TOOL_VERSION } from '../../core/version.js';
import type { AdminDeps } from '../../server/auth.js';
import type { Refresher } from '../../server/refresher.js';
import { resolveAiSettings, type AiFlags } from '../../core/ai/settings.js';
import { addAiOptions, describeAi } from '../ai-options.js';
import { addWindowOptions, collect, commandContext, type CommandContext, otherBoardRefusal, parseDataDir, refreshContext, parseInteger, refuseWindowWithoutRefresh, type RepoFlags, windowOf } from '../context.js';
import { activityWarning, partialWarning, summarize } from './refresh.js';

interface ServeFlags extends RepoFlags, AiFlags {
  port?: number;
  host?: string;
  open: boolean;
  refresh: boolean;
  refreshInterval?: string;
  githubRepo?: string;
  githubApiUrl?: string;
  allowedHost: string[];
  since?: string;
  all?: boolean;
}

/** `leaderboard serve`: refresh when needed, serve the dashboard, refresh on a timer. */
export function registerServe(program: Command): void {
  const command = program
    .command('serve')
    .description('Analyse the repository (incrementally) and serve the dashboard')
    .option('--repo <path|url|name>', 'repository to analyse (default: current directory); repeat it for a board of several', collect)
    .option('--data-dir <dir>', 'data directory (default: <repo>/.leaderboard)', parseDataDir)
    .option('--port <n>', 'port (default 4173; 0 picks a free one)', parseInteger('--port', 0, 65535))
    .option('--host <address>', 'address to bind (default 127.0.0.1)', parseHost)
    .option('--allowed-host <name>', 'also answer requests for this host name (DNS-rebinding protection refuses other names; repeatable)', (value: string, previous: string[]) => [...previous, value], [] as string[])
    .option('--no-open', 'do not open the browser')
    .option('--refresh-interval <time>', 'refresh while serving every 30s, 15m, 1h, 1d... up to 24 days; a bare number is minutes (default 15m)')
    .option('--no-refresh', 'serve the data directory as it is: no refresh at start or on a timer')
    .option('--github-repo <owner/name>', 'GitHub repository for admin sign-in and the admin list (default: github.repo of the config, else the origin remote)')
    .option('--github-api-url <url>', 'GitHub REST API base URL (default: env GITHUB_API_URL, else github.apiUrl of the config, else https://api.github.com)');
  addAiOptions(addWindowOptions(command))
    .action(async (flags: ServeFlags) => {
      // Loaded here, not at the top: express and friends would slow every other command's start.
      const [{ isStale, parseInterval, pullAndRefreshWith, startRefresher }, { checkListen, startServer }, { default: open }] = await Promise.all([
        import('../../server/refresher.js'), import('../../server/start.js'), import('open'),
      ]);
      const { dataOnly, ...ctx } = flags.refresh ? { ...(await refreshContext(flags, 'serve', true)), dataOnly: false } : await noRefreshContext(flags);
      refuseWindowWithoutRefresh(flags);
      // Served as it is: a mistyped path made an empty folder and served an empty board without a word.
      if (!flags.refresh && !(await stat(ctx.dataDir).then((s) => s.isDirectory(), () => false))) {
        throw new LeaderboardError('INVALID_INPUT', `There is no data directory at ${ctx.dataDir}, and --no-refresh serves one as it is.`, 'Check the --data-dir path, or drop --no-refresh to analyse the repository into it.');
      }
      const window = windowOf(flags);
      const host = flags.host ?? ctx.config.serve.host;
      // Refused by serve alone: the other commands do not listen, and --host replaces it.
      const hostProblem = flags.host === undefined ? serveHostProblem(host) : null;
      if (hostProblem) throw new LeaderboardError('INVALID_CONFIG', `leaderboard.config.json's serve.host ${host} ${hostProblem}.`, `Set serve.host to ${SERVE_HOST_INSTEAD}, or pass --host.`);
      // Before any refresh or listen: a second server on this data directory is refused here.
      // Served as it is, a directory this user cannot write is served read-only (no lock, no admin).
      const serveLock = await acquireServeLock(ctx.dataDir, host, { readOnlyOk: !flags.refresh });
      // Said on the page, to whoever opens Admin: no path of this machine in it.
      const readOnly = serveLock.readOnly === null ? undefined
        : `Admin changes are saved in the data directory, and this server cannot write to it (${serveLock.readOnly}): it serves it read-only. `
          + 'To make them, serve a copy you can write to, or run leaderboard serve as a user who can write there.';
      // Served as it is from another checkout, an admin save would rebuild that board with this
      // repository's config, as add-contribution there is refused for.
      const otherBoard = flags.refresh || dataOnly || flags.dataDir === undefined ? null : await otherBoardRefusal(ctx);
      const adminOff = readOnly ?? (otherBoard ? 'This server\'s data directory holds the board of another repository: an admin change would rebuild it with this repository\'s '
        + 'leaderboard.config.json (identities, bots, credit), so admin is off here. To make changes, serve it from inside the repository it was refreshed from.' : undefined);
      const admin = adminOff ? undefined : await adminDeps(ctx, flags);
      const intervalText = flags.refreshInterval ?? ctx.config.serve.refreshInterval;
      const intervalMs = parseInterval(intervalText);
      if (intervalMs === null) {
        throw new LeaderboardError('INVALID_INPUT', `--refresh-interval must look like 30s, 15m, 1h or 1d (from 1s to 24 days; a bare number is minutes), got "${intervalText}".`);
      }
      let refresher: Refresher | null = null;
      // The config as last read: each refresh reads the file again (an edit, or one a Pull &
      // Refresh pulled, applies from the next refresh), and the admin saves' rebuilds follow it.
      const live = { config: ctx.config, sources: ctx.sources };
      if (flags.refresh) {
        const aiSettings = resolveAiSettings(ctx.config, flags);
        console.log(describeAi(aiSettings));
        refresher = startRefresher({
          ...ctx,
          ...window,
          aiSettings,
          reload: async () => {
            const now = await refreshContext(flags, 'serve', false);
            Object.assign(live, { config: now.config, sources: now.sources });
            return { config: now.config, sources: now.sources, aiSettings: resolveAiSettings(now.config, flags) };
          },
          // Reviews from GitHub: the token from the environment (or gh), as for `refresh`.
          env: process.env,
          intervalMs,
          onResult: (r) => {
            console.log(r instanceof Error ? `Auto-refresh failed: ${r.message}` : `Auto-refresh: ${summarize(r)}`);
            if (!(r instanceof Error) && r.ai?.partial) console.error(partialWarning(r.ai));
          },
        });
        // A window asked for on the command line must show now, not at the next tick; so must a
        // board made from other repositories, another config or older commits.
        if (flags.since || flags.all || (await isStale(ctx.dataDir, intervalMs)) || !(await refresher.current())) {
          await checkListen(flags.port ?? ctx.config.serve.port, host).catch(async (err: unknown) => {
            refresher?.stop();
            await serveLock.release();
            throw err;
          });
          console.log('Analysing the repository...');
          // Ctrl-C now, before the server listens, also lets the refresh write its files (and keep
          // the AI answers on their way): it exited at once and left the serve lock behind.
          let interrupted = false;
          const onInterrupt = () => {
            if (interrupted) process.exit(130);
            interrupted = true;
            console.log('Finishing the refresh in progress... (Ctrl-C again exits at once)');
          };
          process.on('SIGINT', onInterrupt);
          process.on('SIGTERM', onInterrupt);
          try {
            const started = Date.now();
            const result = await refresher.run();
            console.log(summarize(result, Date.now() - started));
            if (result.ai?.partial) console.error(partialWarning(result.ai));
            const activity = activityWarning(result);
            if (activity) console.error(activity);
          } catch (err) {
            // Keep serving whatever data there is; the page shows the failure in its status.
            console.error(`Refresh failed: ${(err as Error).message}`);
          } finally {
            process.off('SIGINT', onInterrupt);
            process.off('SIGTERM', onInterrupt);
          }
          if (interrupted) {
            refresher.stop();
            await serveLock.release();
            process.exit(130);
          }
        }
      }
      if (dataOnly) {
        console.log(`No git repository in ${process.cwd()}: serving the data directory ${ctx.dataDir} as it is (no refresh, no Pull & Refresh). `
          + 'Pass --repo PATH to use a repository and its leaderboard.config.json.');
      }
      const server = await startServer({
        dataDir: ctx.dataDir,
        ...(dataOnly ? {} : { repo: ctx.repo, sources: ctx.sources }),
        config: ctx.config,
        ...(flags.refresh ? { live: () => live } : {}),
        version: TOOL_VERSION,
        port: flags.port ?? ctx.config.serve.port,
        host,
        allowedHosts: flags.allowedHost,
        ...(admin ? { admin } : {}),
        ...(adminOff ? { adminOff } : {}),
        // The timer's refresher, so a pull-and-refresh never overlaps a timed refresh.
        ...(refresher ? { pullAndRefresh: pullAndRefreshWith(refresher, ctx.dataDir, intervalMs) } : {}),
      }).catch(async (err: unknown) => {
        await serveLock.release();
        throw err;
      });
      const stop = async () => {
        refresher?.stop();
        await server.close();
        if (refresher?.busy()) {
          console.log('Finishing the refresh in progress...');
          await refresher.idle();
        }
        await serveLock.release();
      };
      onShutdown(stop);
      // Listening now: a failure from here on stops the server too (it went on serving, on every
      // interface for --host "", after "Unexpected error", and SIGTERM did not stop it).
      try {
        await serveLock.setAddress(server.url, server.port);
        if (readOnly) {
          console.log(`Serving ${ctx.dataDir} read-only: it cannot be written here (${serveLock.readOnly}), so admin changes could not be saved and admin features are off.`);
        } else if (otherBoard) {
          console.log(`Admin features off: ${otherBoard.message} Serve it from inside that repository to make admin changes.`);
        } else if (admin?.heldBack) {
          console.log(admin.heldBack.message);
        } else if (admin) {
          const primary = [admin.primary.email, admin.primary.login].filter(Boolean).join(', ');
          console.log(`Admin sign-in: GitHub repository ${admin.target.repo}${primary ? ` (primary admins: ${primary})` : ' (no primary admins configured: only accounts in admin-list.json are admins)'}`);
        } else {
          console.log('Admin features off: no GitHub repository (pass --github-repo owner/name or set github.repo in leaderboard.config.json).');
        }
        console.log(`Leaderboard: ${server.url}`);
        if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
          console.warn(`Warning: listening on ${host}: the dashboard and its admin actions are reachable from the network.`);
        }
        if (flags.open && process.stdout.isTTY) open(server.url).catch(() => console.log('Could not open a browser; open the address above.'));
      } catch (err) {
        await stop();
        throw err;
      }
    });
}

/**
 * The admin features' dependencies, or undefined when no GitHub repository is configured (the
 * admin routes then say what to configure). A malformed repository or API URL is an error.
 */
async function adminDeps(ctx: CommandContext, flags: ServeFlags): Promise<AdminDeps | undefined> {
  const [{ resolveGitHubTarget, tokenMayGo }, { createGitHubGateway }, { primaryAdminsOf }] = await Promise.all([
    import('../../core/github/target.js'), import('../../core/github/gateway.js'), import('../../core/github/admin-access.js'),
  ]);
  try {
    const target = await resolveGitHubTarget({
      repoDir: ctx.repo,
      config: ctx.config,
      flags: { githubRepo: flags.githubRepo, githubApiUrl: flags.githubApiUrl },
      env: process.env,
    });
    // The config is the repository's, cloned from anyone: the token an admin signs in with on
    // this page must not go to a server only it names (see tokenMayGo).
    const heldBack = tokenMayGo(target.apiUrl, { config: ctx.config, flags: { githubApiUrl: flags.githubApiUrl }, env: process.env }) ? undefined
      // Said on the sign-in dialog, which shows no hint: the way out is in the message.
      : new LeaderboardError('NO_GITHUB_REPO', `Admin sign-in is off: leaderboard.config.json's github.apiUrl ${target.apiUrl} would get the token you sign in with. `
        + 'If you trust that server, name it yourself: start leaderboard serve with --github-api-url URL, or with GITHUB_API_URL set.');
    return { gateway: createGitHubGateway(target), target, primary: primaryAdminsOf(ctx.config), ...(heldBack ? { heldBack } : {}) };
  } catch (err) {
    if (err instanceof LeaderboardError && err.code === 'NO_GITHUB_REPO') return undefined;
    throw err;
  }
}

/**
 * --no-refresh only skips refreshing: the repository (--repo, else the current directory) and its
 * config still count. Only without any repository (no --repo, the current directory outside any)
 * does --data-dir stand alone, with the default config.
 */
async function noRefreshContext(flags: ServeFlags): Promise<CommandContext & { dataOnly: boolean }> {
  try {
    return { ...(await commandContext(flags)), dataOnly: false };
  } catch (err) {
    if (flags.repo || !(err instanceof LeaderboardError) || err.code !== 'NOT_A_GIT_REPO') throw err;
    if (!flags.dataDir) throw new LeaderboardError(err.code, err.message, 'Run inside a git repository, pass --repo PATH, or pass --data-dir DIR to serve a data directory alone.');
    const { defaultConfig } = await import('../../core/config.js');
    return { repo: process.cwd(), dataDir: path.resolve(flags.dataDir), config: defaultConfig(), sources: null, dataOnly: true };
  }
}

/**
 * --host: empty (an unset variable), node listened on every interface; with an IPv6 zone, it
 * printed an address no browser opens. serve refuses both in the config's serve.host too.
 */
function parseHost(value: string): string {
  if (value.trim() === '') {
    throw new LeaderboardError('INVALID_INPUT', '--host is empty.', 'Pass an address to bind: 127.0.0.1 (the default, this machine only), or 0.0.0.0 for every interface; a variable meant to name it may be unset.');
  }
  const problem = serveHostProblem(value);
  if (problem) throw new LeaderboardError('INVALID_INPUT', `--host ${value} ${problem}.`, `Pass ${SERVE_HOST_INSTEAD}.`);
  return value;
}

/** Ctrl-C and SIGTERM stop cleanly after the work in hand; a second Ctrl-C exits at once. */
function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) process.exit(130);
    stopping = true;
    stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
