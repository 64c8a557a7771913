/**
 * Before/after page figures from one run: two builds of the CLI (each serving its own dist/web)
 * on the same data directories, measured in turns (A, B, A, B, ...) so the machine's load falls
 * on both alike. Make the "before" build a copy of an earlier checkout's bin/, dist/ and
 * package.json (with node_modules beside them), the same of this one when it is to be rebuilt
 * while the run goes on (else bin/leaderboard.js), then:
 *   npm run build && node --import tsx tests/bench/page-ab.ts BEFORE_BIN AFTER_BIN DATA_DIR...
 * BENCH_AB_ROUNDS (default 3) rounds; BENCH_PAGE_LOADS cold loads per round and build.
 */
import path from 'node:path';
import { launchBrowser } from '../support/browser.js';
import { measureDataset, serve, summarizeTimes, type PageTimes } from './page.js';
import { fmtMs } from './util.js';

const [beforeBin, afterBin, ...dirs] = process.argv.slice(2);
if (!beforeBin || !afterBin || dirs.length === 0) {
  process.stderr.write('usage: node --import tsx tests/bench/page-ab.ts BEFORE_BIN AFTER_BIN DATA_DIR...\n');
  process.exit(2);
}
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const builds = { before: path.resolve(beforeBin), after: path.resolve(afterBin) };
type Key = 'firstRow' | 'firstRowDom' | 'tabSwitch' | 'periodChange' | 'openRow' | 'hide' | 'contributorPage';
const KEYS: Key[] = ['firstRow', 'firstRowDom', 'tabSwitch', 'periodChange', 'openRow', 'hide', 'contributorPage'];

const { browser, close } = await launchBrowser();
try {
  for (const dir of dirs) {
    const acc: Record<keyof typeof builds, Record<Key, number[]>> = {
      before: Object.fromEntries(KEYS.map((k) => [k, []])) as unknown as Record<Key, number[]>,
      after: Object.fromEntries(KEYS.map((k) => [k, []])) as unknown as Record<Key, number[]>,
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, bin] of Object.entries(builds) as [keyof typeof builds, string][]) {
        process.stderr.write(`  .. ${dir}: round ${round + 1}/${ROUNDS}, ${name}\n`);
        const server = await serve(dir, [], bin);
        let t: PageTimes;
        try {
          t = await measureDataset(browser, server.url, dir);
        } finally {
          await server.stop();
        }
        for (const k of KEYS) acc[name][k].push(...t[k]);
      }
    }
    process.stdout.write(`\n${dir} (${ROUNDS} alternating rounds): median (max), before -> after\n`);
    for (const k of KEYS) {
      if (acc.after[k].length === 0) continue;
      const b = summarizeTimes(acc.before[k]);
      const a = summarizeTimes(acc.after[k]);
      process.stdout.write(`  ${k.padEnd(16)} ${fmtMs(b.median).padStart(8)} (${fmtMs(b.max)})  ->  ${fmtMs(a.median).padStart(8)} (${fmtMs(a.max)})   n=${acc.after[k].length}\n`);
    }
  }
} finally {
  await close();
}
