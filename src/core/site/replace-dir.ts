import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { makeDirectory } from '../store/files.js';

/**
 * Fills a new directory beside `target` with `fill`, then puts it in place of `target`: until
 * the last step `target` is untouched, so a failure anywhere leaves the previous version whole.
 * The swap is two renames on one filesystem; the new directory is removed when `fill` fails.
 */
export async function replaceDirectory(target: string, fill: (dir: string) => Promise<void>): Promise<void> {
  const parent = path.dirname(path.resolve(target));
  const base = path.basename(target);
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
    await rm(next, { recursive: true, force: true });
    throw err;
  }
  let moved = false;
  try {
    await rename(target, old);
    moved = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      await rm(next, { recursive: true, force: true });
      throw err;
    }
  }
  try {
    await rename(next, target);
  } catch (err) {
    if (moved) await rename(old, target).catch(() => undefined);
    await rm(next, { recursive: true, force: true });
    throw err;
  }
  if (moved) await rm(old, { recursive: true, force: true });
}
