// The package's `prepare` script builds it: npm runs it on `npm install` in a checkout, when it
// installs the package from git (after installing the dev dependencies the build needs), and
// before `npm pack`/`npm publish`. Installed from a tarball it would never run, but npm (11, with
// allowScripts) still lists it as an install script of a tarball file or URL: a warning on each
// install, and a refusal with --strict-allow-scripts. So the packed package.json has none:
// `prepack` builds and then runs `node scripts/pack-manifest.mjs pack`, which renames the key
// `prepare` to `preprepare`, and `postpack` runs `... unpack`, which renames it back.
// `preprepare` because npm runs it on `npm install` in the project itself and never for a package
// installed as a dependency: a pack stopped before postpack (a missing --pack-destination, Ctrl-C)
// leaves a checkout that still builds on `npm install`, and the next pack puts the name back.
// Only that one key changes, in place, so the file is the same to the byte afterwards.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

const FILE = 'package.json'; // npm runs scripts in the package's folder
const way = process.argv[2];
if (way !== 'pack' && way !== 'unpack') {
  console.error('Usage: node scripts/pack-manifest.mjs pack|unpack (npm runs it in prepack and postpack).');
  process.exit(2);
}
const [from, to] = way === 'pack' ? ['prepare', 'preprepare'] : ['preprepare', 'prepare'];
const text = readFileSync(FILE, 'utf8');
const scripts = JSON.parse(text).scripts ?? {};
// Done already: packed again after a pack that stopped before postpack, or unpacked twice.
if (scripts[from] === undefined && scripts[to] !== undefined) process.exit(0);
if (scripts[from] === undefined || scripts[to] !== undefined) {
  console.error(`Error: ${FILE} should have a "${from}" script and no "${to}" script; it has ${JSON.stringify(Object.keys(scripts))}.`);
  process.exit(1);
}
// The key inside "scripts" (an object of strings, so no brace before its end).
const next = text.replace(new RegExp(`("scripts"\\s*:\\s*\\{[^}]*?)"${from}"(\\s*:)`), `$1"${to}"$2`);
if (JSON.parse(next).scripts?.[to] !== scripts[from]) {
  console.error(`Error: could not rename the "${from}" script of ${FILE}.`);
  process.exit(1);
}
const temp = `${FILE}.${process.pid}.tmp`;
const fd = openSync(temp, 'w');
writeSync(fd, next);
fsyncSync(fd);
closeSync(fd);
renameSync(temp, FILE);
