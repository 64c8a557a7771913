// Bundles the CLI (src/cli/index.ts and the code it imports, zod included) into dist/bundle, which
// bin/leaderboard.js runs. Loaded as ~180 separate modules (88 of ours, 95 of zod's), the CLI took
// about 0.3 s to start, most of a refresh that finds nothing new. Octokit is bundled too (a
// devDependency, so not installed with the package): @octokit/request 10.0.15 on needs content-type
// 3, which declares Node 22, and every install on Node 20 warned "Unsupported engine". The
// packages in `dependencies` stay external: loaded from node_modules, only by the commands that
// need them.
// tsc still builds dist/ (types, and the modules tests and tools import); esbuild only bundles.
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildId } from './build-id.mjs';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
// dist/bundle sits two levels below the top, as src/core and dist/core do: src/core/package-root.ts relies on it.
const outdir = new URL('dist/bundle/', root);
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [fileURLToPath(new URL('src/cli/index.ts', root))],
  outdir: fileURLToPath(outdir),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: Object.keys(pkg.dependencies).filter((name) => name !== 'zod'),
  logLevel: 'warning',
});
// Which code made a board (see scripts/build-id.mjs and src/core/version.ts).
await writeFile(new URL('build-id', outdir), `${await buildId(fileURLToPath(root), pkg.version)}\n`);
