#!/usr/bin/env node
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/bundle/index.js', import.meta.url));
try {
  await import('../dist/bundle/index.js');
} catch (err) {
  // A checkout whose build did not run (npm install --ignore-scripts) has no bundle: say so, not
  // a module loader's stack trace.
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes(bundle)) throw err;
  const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
  console.error(`Error: the leaderboard CLI is not built (${bundle} is missing).`);
  console.error(`Hint: run \`npm run build\` in ${root}, or install the package again.`);
  process.exit(1);
}
