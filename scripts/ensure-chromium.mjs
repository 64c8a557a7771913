#!/usr/bin/env node
// The browser tests drive Debian's Chromium (no browser download works on these machines).
// Installs it with apt-get when it is missing and we are root; otherwise says what to do.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`Chromium is missing at ${CHROMIUM}; the browser tests need it.\n` +
    'Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.');
  process.exit(1);
}

console.log('Installing Chromium from Debian packages for the browser tests...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const run = (args) => {
  const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${r.status}).`);
    process.exit(1);
  }
};
run(['update', '-q']);
run(['install', '-y', '-q', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
console.log(execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim());
