/**
 * The large shapes (BENCH_SHAPES=large, see shapes.ts): for each, the engine (one full refresh
 * against one git log, no-change and +100 refreshes, data file size, peak RSS) and the page
 * (first row, tab, period, row, hide, heap), printed as a table of their own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureEngine } from './engine.js';
import { measurePages } from './page.js';
import { Report } from './report.js';
import { LARGE_PAGE_TARGETS, pageRows } from './page-rows.js';
import { engineRows, type EngineTargets } from './run.js';
import type { Shape } from './shapes.js';
import { cloneRepo, repoParams, syntheticRepo } from './synthetic-repo.js';
import { BENCH_ROOT, fmtMs } from './util.js';

const log = (s: string) => process.stderr.write(`  .. ${s}\n`);
const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
/** #24's targets: 0.6x of git log, < 300 MB and < 150 B a commit; the million run < 10 min and < 1 GB. */
const LARGE_TARGETS: EngineTargets = { refreshVsGit: 0.6, bytesPerCommit: 150, rssMb: 300 };
const MILLION_TARGETS: EngineTargets = { refreshVsGit: 0.6, bytesPerCommit: 150, rssMb: 1024, fullMs: 600_000 };

export async function measureShapes(shapes: readonly Shape[]): Promise<void> {
  if (shapes.length === 0) return;
  const report = new Report();
  const started = Date.now();
  process.stdout.write(`\nleaderboard bench, large shapes - ${new Date().toISOString()}; load average at start: ${loadavg()}\n`);
  for (const shape of shapes) {
    const params = repoParams(Date.now(), shape);
    const repo = await syntheticRepo(params, log);
    const work = await mkdtemp(path.join(BENCH_ROOT, 'run-'));
    try {
      const clone = await cloneRepo(repo, work);
      const snapshot = path.join(work, 'page');
      const section = `shape ${shape.name}`;
      try {
        const e = await measureEngine(clone, path.join(work, 'data'), params, log, shape.page ? snapshot : undefined, {
          refreshArgs: shape.refreshArgs, repeat: Number(process.env.BENCH_SHAPE_REPEAT ?? 1), inProcess: false,
        });
        engineRows(report, e, section, shape.page ? LARGE_TARGETS : MILLION_TARGETS);
      } catch (err) {
        report.error(section, err);
        continue;
      }
      if (!shape.page) continue;
      try {
        const pages = await measurePages({ [shape.name]: snapshot }, log);
        for (const [name, times] of Object.entries(pages)) pageRows(report, name, times, LARGE_PAGE_TARGETS);
      } catch (err) {
        report.error(`page: ${shape.name}`, err);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  process.stdout.write('\n');
  report.print();
  process.stdout.write(`  (large shapes: ${fmtMs(Date.now() - started)}; load average at the end: ${loadavg()})\n\n`);
  if (report.failed || (process.env.BENCH_STRICT === '1' && report.missed)) process.exitCode = 1;
}
