// A writer for the crash and concurrency tests: saves manual contributions through the built core
// in a loop and prints `ACK <name>` after each save has resolved (the moment a server would
// answer 200). Usage: node save-loop.mjs <repo> <dataDir> <prefix> [count]
import { addManualContribution, readManualForApi, replaceManualContributions } from '../../../dist/core/manual-service.js';
import { defaultConfig } from '../../../dist/core/config.js';

const [repo, dataDir, prefix, countText] = process.argv.slice(2);
const opts = { repo, dataDir, config: defaultConfig() };
const count = Number(countText ?? Infinity);
for (let i = 0; i < count; i++) {
  const name = `${prefix}-${i}`;
  if (i % 2 === 0) {
    await addManualContribution(opts, { name, score: i + 1, notes: `save ${i}` }, true);
  } else {
    // The admin API's save: read with its version, replace with If-Match (no one else writes).
    const { contributors, etag } = await readManualForApi(dataDir);
    await replaceManualContributions(opts, { ...contributors, [name]: { contributions: [{ score: i + 1, notes: `save ${i}`, start_date: null, end_date: null }] } }, etag);
  }
  process.stdout.write(`ACK ${name}\n`);
}
