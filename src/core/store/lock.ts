import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { LeaderboardError } from '../errors.js';
import type { DataDirPaths } from './data-dir.js';
import { withPath } from './files.js';
import { isAlive } from './process-alive.js';

/** How long a command waits for another one writing the same data directory. */
const WAIT_MS = 10 * 60_000;
/** A lock not kept fresh for this long was abandoned. */
const STALE_MS = 30_000;
/** A takeover guard older than this was left by a waiter that died in the middle of one. */
const GUARD_STALE_MS = 5_000;
/** A wait longer than this is said (see {@link onLockWait}). */
const SAY_WAIT_AFTER_MS = 1_000;
/**
 * How often a held lock is kept fresh. For tests only, LEADERBOARD_TEST_LOCK_UPDATE_MS shortens it
 * (proper-lockfile takes no less than 1000), so a test holds a lock over two refreshes in seconds
 * instead of twelve; unset (as it always is for users), it is 5 s.
 */
const UPDATE_MS = Number(process.env.LEADERBOARD_TEST_LOCK_UPDATE_MS) || 5_000;

/**
 * Told of a wait: the data directory, the holder's pid (null when its owner file names none yet),
 * and its host when that is another machine (null on this one): a pid alone sent the user looking
 * on this machine for a process of another, and a holder there is only taken over once its lock
 * has gone {@link STALE_MS} without an update.
 */
export type LockWaitListener = (dir: string, pid: number | null, otherHost: string | null) => void;

let sayWait: LockWaitListener | null = null;

/** How long a lock of another machine's command waits without an update before it is taken over. */
export const LOCK_STALE_SECONDS = STALE_MS / 1000;

/**
 * What to do when a command has waited a second for another writing the same data directory
 * (the CLI says so: a refresh with AI scoring can hold it for minutes, and the wait was silent).
 */
export function onLockWait(fn: LockWaitListener | null): void {
  sayWait = fn;
}

/**
 * Runs `fn` holding the data directory's lock, so that two writers (a refresh on the server's
 * timer, `add-contribution` in a shell, the admin page) never interleave a read-change-write and
 * lose each other's changes. The lock is a `.lock` directory, kept fresh while held and taken
 * over when its holder died: at once when the `owner` file in it names a process of this machine
 * that no longer exists (a crash, SIGKILL), else after 30 s without an update.
 */
export async function withDataDirLock<T>(paths: DataDirPaths, fn: () => Promise<T>): Promise<T> {
  const lockDir = path.join(paths.dir, '.lock');
  const ownerFile = path.join(lockDir, 'owner');
  const started = Date.now();
  const deadline = started + WAIT_MS;
  let said = false;
  let release: () => Promise<void>;
  for (let wait = 20; ; wait = Math.min(500, wait * 1.5)) {
    try {
      release = await lock(paths.dir, { lockfilePath: lockDir, stale: STALE_MS, update: UPDATE_MS, retries: 0 });
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // ENOTEMPTY: proper-lockfile found the lock stale but cannot rmdir it, our owner file is in it.
      if (code === 'ENOTEMPTY') {
        await takeOver(lockDir, async () => Date.now() - (await stat(lockDir)).mtimeMs > STALE_MS);
        continue;
      }
      if (code !== 'ELOCKED') throw err;
    }
    if (await ownerIsDead(lockDir, ownerFile)) {
      await takeOver(lockDir, () => ownerIsDead(lockDir, ownerFile));
      continue;
    }
    if (!said && sayWait && Date.now() - started > SAY_WAIT_AFTER_MS) {
      said = true;
      const owner = await ownerOf(ownerFile);
      sayWait(paths.dir, owner.pid, owner.host !== null && owner.host !== os.hostname() ? owner.host : null);
    }
    if (Date.now() > deadline) {
      throw new LeaderboardError('BUSY', `Another leaderboard command has been writing ${paths.dir} for over ${WAIT_MS / 60_000} minutes.`, 'Wait for it to finish, or remove the .lock directory in it if no leaderboard command is running.');
    }
    await new Promise((r) => setTimeout(r, wait * (0.5 + Math.random())));
  }
  try {
    // Without it, others would take the lock over as abandoned (see ownerIsDead).
    const { mtime } = await stat(lockDir);
    await writeFile(ownerFile, `${process.pid}\n${os.hostname()}\n`).catch((err: unknown) => Promise.reject(withPath(err, ownerFile)));
    // proper-lockfile checks every 5 s that the directory's mtime is still the one it set, and
    // writing the owner file changed it: without this, a lock held over 5 s was declared
    // compromised and the process crashed (first seen with slow AI scoring).
    await utimes(lockDir, mtime, mtime);
  } catch (err) {
    // A full disk leaves the owner file empty: removed, or the release (an rmdir) failed and the
    // next command waited 30 s for a holder that had gone.
    await rm(ownerFile, { force: true }).catch(() => undefined);
    await release().catch(() => undefined);
    throw err;
  }
  try {
    return await fn();
  } finally {
    await rm(ownerFile, { force: true }).catch(() => undefined);
    await release().catch(() => undefined); // a lock taken over as stale is no longer ours to remove
  }
}

/**
 * Removes an abandoned lock, one waiter at a time. Each waiter that found it abandoned removed it
 * by path, and a late one could remove the lock another had just taken: two holders at once (4
 * trials of 8 with six waiters). Under a guard directory (made atomically) the lock is judged
 * again, so a waiter that found the old holder dead now finds the new one alive and leaves it.
 */
async function takeOver(lockDir: string, stillAbandoned: () => Promise<boolean>): Promise<void> {
  const guard = `${lockDir}-takeover`;
  try {
    await mkdir(guard);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another waiter is taking over, for a few milliseconds; one that died doing it left its guard.
    const age = await stat(guard).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age > GUARD_STALE_MS) await rm(guard, { recursive: true, force: true });
    return;
  }
  try {
    if (await stillAbandoned().catch(() => false)) await rm(lockDir, { recursive: true, force: true });
  } finally {
    await rm(guard, { recursive: true, force: true });
  }
}

/**
 * Whether the lock was abandoned: its owner file names a process of this machine that has exited,
 * or there is no owner file although the lock directory has not changed for a second (a holder
 * writes it right after creating the directory and removes it right before releasing; both change
 * the directory's mtime, so only a holder killed in between leaves an old directory without one).
 */
async function ownerIsDead(lockDir: string, ownerFile: string): Promise<boolean> {
  const unowned = async () => {
    try {
      return Date.now() - (await stat(lockDir)).mtimeMs > 1000;
    } catch {
      return false; // released meanwhile: try again
    }
  };
  let text: string;
  try {
    text = await readFile(ownerFile, 'utf8');
  } catch {
    return unowned();
  }
  const [pidText, host] = text.split('\n');
  const pid = Number(pidText);
  // An owner file left empty (a full disk when it was written) names no one: as if there were none.
  if (text.trim() === '') return unowned();
  if (!Number.isInteger(pid) || pid <= 0 || host !== os.hostname() || pid === process.pid) return false;
  return !isAlive(pid);
}

/** The pid and host the lock's owner file names, each null when it names none (not written yet, or unreadable). */
async function ownerOf(ownerFile: string): Promise<{ pid: number | null; host: string | null }> {
  const [pidText, hostText] = (await readFile(ownerFile, 'utf8').catch(() => '')).split('\n');
  const pid = Number(pidText);
  const host = hostText?.trim() ?? '';
  return { pid: Number.isInteger(pid) && pid > 0 ? pid : null, host: host === '' ? null : host };
}
