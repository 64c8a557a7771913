// Which code made a board: every refresh state records it (src/core/version.ts reads it from
// dist/bundle/build-id), so a board made by other code is built again, and `merge` refuses a part
// of it, also when the version in package.json stayed the same (an update from a checkout or a git
// install). It covers the sources git tracks and package-lock.json (zod and Octokit are bundled),
// their line ends made LF: the same commit checked out with core.autocrlf, or beside a scratch
// file, is the same code.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Twelve hex digits naming `version` and the sources under `root` (the package's top folder). */
export async function buildId(root, version) {
  const hash = createHash('sha1').update(version);
  for (const file of await sourceFiles(root)) {
    const text = (await readFile(path.join(root, file), 'utf8')).replace(/\r\n/g, '\n');
    hash.update(`\0${file}\0`).update(text);
  }
  return hash.digest('hex').slice(0, 12);
}

/** The files the id covers, relative to `root`, sorted: git's tracked ones (there), else every .ts under src/. */
async function sourceFiles(root) {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--', 'src', 'package-lock.json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\0').filter((f) => (f.endsWith('.ts') || f === 'package-lock.json') && existsSync(path.join(root, f)));
    if (listed.some((f) => f.startsWith('src/'))) return listed.sort();
  } catch {
    // Not a git checkout (or no git): the folder as it is.
  }
  const src = (await readdir(path.join(root, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts')).map((f) => `src/${f.split(path.sep).join('/')}`);
  return [...src, ...(existsSync(path.join(root, 'package-lock.json')) ? ['package-lock.json'] : [])].sort();
}
