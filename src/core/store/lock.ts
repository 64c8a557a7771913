import { lock } from 'proper-lockfile';
import { LeaderboardError } from '../errors.js';
import type { DataDirPaths } from './data-dir.js';

/** How long a command waits for another one writing the same data directory. */
const WAIT_MS = 10 * 60_000;

/**
 * Runs `fn` holding the data directory's lock, so that two writers (a refresh on the server's
 * timer, `add-contribution` in a shell, the admin page) never interleave a read-change-write and
 * lose each other's changes. The lock is a `.lock` directory, kept fresh while held and taken
 * over when its holder died (stale after 30 s without an update).
 */
export async function withDataDirLock<T>(paths: DataDirPaths, fn: () => Promise<T>): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await lock(paths.dir, {
      lockfilePath: `${paths.dir}/.lock`,
      stale: 30_000,
      update: 5_000,
      retries: { retries: Math.ceil(WAIT_MS / 1000), minTimeout: 100, maxTimeout: 1000, factor: 1.5 },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new LeaderboardError('BUSY', `Another leaderboard command has been writing ${paths.dir} for over ${WAIT_MS / 60_000} minutes.`, 'Wait for it to finish, or remove the .lock directory in it if no leaderboard command is running.');
    }
    throw err;
  }
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined); // a lock taken over as stale is no longer ours to remove
  }
}
