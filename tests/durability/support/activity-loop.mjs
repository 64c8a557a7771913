// A writer for the activity cache crash test: records pull requests (and a stream state after
// each, as a sync does after each page) through the built core, compacting now and then, and
// prints `ACK <n>` once each record has resolved. Usage: node activity-loop.mjs <file> <start>
import { ActivityCache } from '../../../dist/core/github/activity/cache.js';

const [file, startText] = process.argv.slice(2);
const cache = await ActivityCache.load(file);
for (let n = Number(startText); ; n++) {
  const review = { pr: n, title: `PR ${n} ${'x'.repeat(n % 300)}`, url: `https://github.com/a/b/pull/${n}`, state: 'APPROVED', submittedAt: '2026-01-01T00:00:00Z', login: 'bob' };
  await cache.record([
    { t: 'pull', number: n, updatedAt: '2026-01-01T00:00:00Z', reviews: [review] },
    { t: 'stream', stream: 'pulls', state: { highWater: null, resume: { cursor: `c${n}`, boundary: '2025-01-01T00:00:00Z', newest: '2026-01-01T00:00:00Z' } } },
  ]);
  if (n % 25 === 0) await cache.compact();
  process.stdout.write(`ACK ${n}\n`);
}
