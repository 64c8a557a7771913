/**
 * The page figures of `npm run bench` (first row, tab switch, period change, open a row, hide,
 * contributor page, heap) on data directories that already exist, such as a board refreshed
 * from a big repository of your own:
 *   npm run build && node --import tsx tests/bench/page-dirs.ts DATA_DIR['?repo=name'] ...
 */
import os from 'node:os';
import { measurePages } from './page.js';
import { Report } from './report.js';
import { PAGE_TARGETS, pageRows } from './page-rows.js';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  process.stderr.write('usage: node --import tsx tests/bench/page-dirs.ts DATA_DIR[?query] ...\n');
  process.exit(2);
}
const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
process.stdout.write(`\nleaderboard bench, pages of existing data directories - ${new Date().toISOString()}; load average at start: ${loadavg()}\n`);
const targets = Object.fromEntries(dirs.map((arg) => {
  const at = arg.indexOf('?');
  return [arg, at < 0 ? arg : { dir: arg.slice(0, at), query: arg.slice(at) }];
}));
const report = new Report();
const pages = await measurePages(targets, (s) => process.stderr.write(`  .. ${s}\n`));
for (const [name, times] of Object.entries(pages)) pageRows(report, name, times, PAGE_TARGETS);
report.print();
process.stdout.write(`  (load average at the end: ${loadavg()})\n\n`);
