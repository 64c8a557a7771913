// `npm run build`: tsc (src -> dist, the modules tests and tools import), the CLI's bundle
// (scripts/bundle-cli.mjs -> dist/bundle) and the page (vite -> dist/web). Skipped when dist/ was
// built from the very files it would be built from now, and is as that build left it: npm builds
// a package installed from git twice (`prepare` in its `npm install` of the clone, then `prepack`
// when it packs the clone), and `npm test` right after `npm install` built it again, each about
// 10 to 20 s. LEADERBOARD_REBUILD=1 builds anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildId } from './build-id.mjs';

/** dist/'s record of what it was built from (see buildUnlessCurrent); not packed (package.json's `files`). */
export const STAMP = '.build-stamp.json';

/**
 * What the build reads besides node_modules: these folders, all of each (not only what git tracks:
 * tsc compiles an untracked file too), and every file at the top (the configs, and any a tool
 * finds by looking upwards, such as a PostCSS config).
 */
const INPUT_DIRS = ['src', 'web', 'scripts'];
/** npm's record of the installed tree, which stands for node_modules: the bundles hold zod, Octokit, React and Chart.js. */
const INSTALLED = 'node_modules/.package-lock.json';
/** Environment that changes what Vite builds (a development page with NODE_ENV=development). */
const builtWith = (env) => Object.keys(env).filter((k) => k === 'NODE_ENV' || k.startsWith('VITE_')).sort().map((k) => `${k}=${env[k]}`).join('\0');

/**
 * The real build's steps, each run by this node without a shell (a shell split a node installed
 * under "C:\Program Files" at its space): tsc, the CLI's bundle, the page.
 */
export const BUILD_STEPS = [
  [process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']],
  [process.execPath, ['scripts/bundle-cli.mjs']],
  [process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']],
];

/** Every file under `dir` (relative to `root`, `/`-separated), node_modules and .git left out. */
function filesUnder(root, dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  const out = [];
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(root, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/**
 * A digest of everything the build reads, of the build id it writes (which also depends on what
 * git tracks) and of the environment it reads; null when node_modules has no record of npm's to
 * stand for it (another package manager, or none yet): such a build is never taken as current.
 */
export async function inputsDigest(root, env = process.env) {
  if (!existsSync(path.join(root, INSTALLED))) return null;
  const hash = createHash('sha256');
  const top = readdirSync(root, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  const files = [...INPUT_DIRS.flatMap((d) => filesUnder(root, d)), ...top, INSTALLED].sort();
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(path.join(root, file)));
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  hash.update(`\0build-id\0${await buildId(root, pkg.version)}\0${process.version}\0${builtWith(env)}`);
  return hash.digest('hex');
}

/** A digest of dist/ as it is: each file's path, size and modification time (the stamp left out). */
export function outputsDigest(root) {
  const hash = createHash('sha256');
  for (const file of filesUnder(root, 'dist').filter((f) => f !== `dist/${STAMP}`).sort()) {
    const s = statSync(path.join(root, file));
    hash.update(`\0${file}\0${s.size}\0${s.mtimeMs}`);
  }
  return hash.digest('hex');
}

function readStamp(file) {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8'));
    return typeof stamp?.inputs === 'string' && typeof stamp.outputs === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

/**
 * Builds the package in `root` unless dist/ is current; returns the exit status. The stamp is
 * removed before building and written only after every step succeeded, with the inputs read
 * before the build (a file changed meanwhile leaves no stamp, so the next build runs).
 */
export async function buildUnlessCurrent({ root, steps = BUILD_STEPS, env = process.env, log = (line) => console.log(line) }) {
  const stampFile = path.join(root, 'dist', STAMP);
  const inputs = await inputsDigest(root, env);
  const stamp = readStamp(stampFile);
  if (!env.LEADERBOARD_REBUILD && inputs !== null && stamp && stamp.inputs === inputs && stamp.outputs === outputsDigest(root)) {
    log('dist/ was built from these sources and dependencies and is unchanged since: build skipped. LEADERBOARD_REBUILD=1 npm run build builds it anyway.');
    return 0;
  }
  rmSync(stampFile, { force: true });
  for (const [command, args] of steps) {
    const tool = args.find((a) => a.startsWith('node_modules/'));
    if (tool && !existsSync(path.join(root, tool))) {
      console.error(`Error: the build needs ${tool}, which is not installed. Install the dependencies (npm install) and build again.`);
      return 1;
    }
    const r = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
    if (r.error) {
      console.error(`Error: the build could not run ${command}: ${r.error.message}.`);
      return 1;
    }
    if (r.status !== 0) return r.status ?? 1;
  }
  if (inputs !== null && (await inputsDigest(root, env)) === inputs) writeFileSync(stampFile, `${JSON.stringify({ inputs, outputs: outputsDigest(root) })}\n`);
  return 0;
}

// By its real path: run through a symbolic link, the script built nothing and said nothing.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await buildUnlessCurrent({ root: fileURLToPath(new URL('../', import.meta.url)) });
}
