import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { LeaderboardError } from '../core/errors.js';
import { LOCK_STALE_SECONDS, onLockWait } from '../core/store/lock.js';
import { PACKAGE_NAME, TOOL_VERSION } from '../core/version.js';
import { registerAddContribution } from './commands/add-contribution.js';
import { registerAdmins } from './commands/admins.js';
import { registerBuild } from './commands/build.js';
import { registerAiOverride } from './commands/ai-override.js';
import { registerContributor } from './commands/contributor.js';
import { registerExport } from './commands/export.js';
import { registerImport } from './commands/import.js';
import { registerInit } from './commands/init.js';
import { registerMerge } from './commands/merge.js';
import { registerRefresh } from './commands/refresh.js';
import { registerServe } from './commands/serve.js';
import { describeSystemError, isSystemError } from '../core/system-error.js';
import { printOnlyPrintable } from './printable.js';

printOnlyPrintable();

// A reader that stops early (`leaderboard --help | head -1`, a log reader that died) closes the
// pipe: nothing more is printed, and the command goes on to its own end and exit code (a server
// keeps serving), without an unhandled 'error' event.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  process.stdout.write = () => true;
});

const program = new Command('leaderboard')
  .description('Rank the contributors of a git repository by the impact of their commits.')
  .version(TOOL_VERSION, '-V, --version', `output the version of ${PACKAGE_NAME}`)
  .addHelpText('after', `\n${PACKAGE_NAME} ${TOOL_VERSION}: install with npm install -g ${PACKAGE_NAME}, or run once with npx -p ${PACKAGE_NAME} leaderboard <command>.`)
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

registerServe(program);
registerRefresh(program);
registerBuild(program);
registerMerge(program);
registerAddContribution(program);
registerExport(program);
registerImport(program);
registerContributor(program);
registerAdmins(program);
registerAiOverride(program);
registerInit(program);

// A command waiting for another one writing its data directory says so, once, after a second.
// A holder on another machine (a data directory on a shared drive) is named with its host: its pid
// means nothing here, and it is taken over only once its lock goes unrefreshed.
onLockWait((dir, pid, otherHost) => console.error(otherHost === null
  ? `Waiting for another leaderboard command${pid ? ` (pid ${pid})` : ''} writing ${dir}...`
  : `Waiting for another leaderboard command (${pid ? `pid ${pid} ` : ''}on host ${otherHost}) writing ${dir}... `
    + `If that machine is gone or runs no leaderboard command, its lock is taken over ${LOCK_STALE_SECONDS} s after its last update; to go on at once, remove ${path.join(dir, '.lock')}.`));

try {
  await program.parseAsync(process.argv);
} catch (err) {
  process.exitCode = reportError(err);
}

/** The one top-level catch: prints the error once and returns the exit code (2 usage, 1 failure). */
function reportError(err: unknown): number {
  if (err instanceof CommanderError) {
    // Commander has printed its message; help and version are not failures.
    return err.exitCode === 0 ? 0 : 2;
  }
  if (err instanceof LeaderboardError) {
    console.error(`Error: ${err.message}`);
    if (err.hint) console.error(`Hint: ${err.hint}`);
    return err.isUsageError ? 2 : 1;
  }
  if (isSystemError(err)) {
    const { message, hint } = describeSystemError(err);
    console.error(`Error: ${message}`);
    console.error(`Hint: ${hint}`);
    // Node's file errors carry no frames of their own: the words stay, the stack comes after.
    if (process.env.LEADERBOARD_DEBUG) console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    return 1;
  }
  console.error(`Unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return 1;
}
