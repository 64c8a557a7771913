import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { makeDirectory } from '../store/files.js';
import { isAlive } from '../store/process-alive.js';

/**
 * Fills a new directory beside `target` with `fill`, then puts it in place of `target`: until
 * the last step `target` is untouched, so a failure anywhere leaves the previous version whole.
 * The swap is two renames on one filesystem; the new directory is removed when `fill` fails.
 * `onReplaced` is called once the new version is in place, before the previous one is removed.
 */
export async function replaceDirectory(target: string, fill: (dir: string) => Promise<void>, onReplaced?: () => void): Promise<void> {
  const parent = path.dirname(path.resolve(target));
  const base = path.basename(target);
  await recoverDead(parent, base, path.resolve(target));
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const next = path.join(parent, `.${base}.new-${suffix}`);
  const old = path.join(parent, `.${base}.old-${suffix}`);
  try {
    await makeDirectory(parent);
    await mkdir(next);
  } catch (err) {
    // Said of the folder asked for: the temp folder's name meant nothing to the user.
    if ((err as NodeJS.ErrnoException).path === next) (err as NodeJS.ErrnoException).path = path.resolve(target);
    throw err;
  }
  try {
    await fill(next);
  } catch (err) {
    await removeHalfMade(next);
    throw err;
  }
  let moved = false;
  try {
    await rename(target, old);
    moved = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      await removeHalfMade(next);
      throw err;
    }
  }
  try {
    await rename(next, target);
  } catch (err) {
    if (moved) await rename(old, target).catch(() => undefined);
    await removeHalfMade(next);
    throw err;
  }
  onReplaced?.();
  if (moved) await rm(old, { recursive: true, force: true });
}

/**
 * Removes a folder this left, never failing: after a failure the error to tell is the one that
 * stopped the replacement (an rm refused here hid it, and named the temp folder instead). Folders
 * without write permission (copied read-only by an earlier version) are made writable first.
 */
async function removeHalfMade(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true }).catch(async () => {
    await ownerWritable(dir);
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  });
}

async function ownerWritable(dir: string): Promise<void> {
  await chmod(dir, 0o700).catch(() => undefined);
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) await ownerWritable(path.join(dir, entry.name));
  }
}

/**
 * What a replacement killed part-way left beside `target` (by a process that is gone): a folder
 * being filled is removed, and the previous version moved aside is put back when `target` is
 * missing (a kill between the two renames left no site at all), else removed. Without this,
 * every killed build left a copy of the site beside it for good.
 */
async function recoverDead(parent: string, base: string, target: string): Promise<void> {
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(new|old)-(\\d+)-[0-9a-f]{8}$`);
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const m = pattern.exec(name);
    const pid = Number(m?.[2] ?? NaN);
    if (!m || pid === process.pid || isAlive(pid)) continue;
    const at = path.join(parent, name);
    if (m[1] === 'old' && !(await stat(target).then(() => true, () => false))) await rename(at, target).catch(() => undefined);
    else await removeHalfMade(at);
  }
}
