/**
 * Where a page interaction's time goes: serves a data directory, opens the board in headless
 * Chromium and records a CPU profile (CDP Profiler, 100 µs sampling) around tab switches and
 * period changes, then prints the functions with the most self time and writes the .cpuprofile
 * (open it in Chrome DevTools). Usage:
 *   node --import tsx tests/bench/profile-page.ts DATA_DIR [QUERY] [OUT.cpuprofile]
 * With PROFILE_LOAD=1 it profiles a cold load instead, from navigation to the first row painted.
 * Build unminified first (`npx vite build --minify false`) to read function names.
 */
import { writeFile } from 'node:fs/promises';
import type { CDPSession } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { serve } from './page.js';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }

function selfTimes(profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] }): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    if (!n) return;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
  const [dataDir, query = '', out = '/tmp/page.cpuprofile'] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: profile-page.ts DATA_DIR [QUERY] [OUT]');
  const server = await serve(dataDir, [], process.env.PAGE_BIN); // PAGE_BIN: another build's CLI
  const { browser, close } = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    if (process.env.PROFILE_LOAD === '1') {
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      const t0 = Date.now();
      await page.goto(server.url + query, { waitUntil: 'commit' });
      await page.getByTestId('leaderboard-row').first().waitFor({ timeout: 60_000 });
      const wall = Date.now() - t0;
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(out, JSON.stringify(profile));
      const rows = selfTimes(profile as never);
      const total = rows.reduce((s, [, t]) => s + t, 0);
      process.stdout.write(`load to first row: ${wall} ms (wall, incl. CDP); profile: ${total.toFixed(0)} ms sampled -> ${out}\n`);
      for (const [k, t] of rows.slice(0, 40)) process.stdout.write(`${t.toFixed(1).padStart(8)} ms  ${k}\n`);
      return;
    }
    await page.goto(server.url + query);
    await page.getByTestId('leaderboard-row').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const marks: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const tab of ['monthly', 'quarterly', 'weekly']) {
        const t0 = Date.now();
        await page.click(`[data-testid="tab-${tab}"]`);
        await page.waitForFunction((t) => document.querySelector(`[data-testid="tab-${t}"]`)?.getAttribute('aria-selected') === 'true', tab);
        await page.waitForTimeout(400);
        marks.push(`tab ${tab}: ${Date.now() - t0 - 400} ms (wall, incl. CDP)`);
      }
    }
    const select = page.getByTestId('period-select');
    const options = await select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    for (const label of [options[1], options[2], options.at(-1)]) {
      if (!label) continue;
      await select.selectOption(label);
      await page.waitForTimeout(400);
    }
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(out, JSON.stringify(profile));
    const rows = selfTimes(profile as never);
    const total = rows.reduce((s, [, t]) => s + t, 0);
    process.stdout.write(`${marks.join('\n')}\nprofile: ${total.toFixed(0)} ms sampled -> ${out}\n`);
    for (const [k, t] of rows.slice(0, 40)) process.stdout.write(`${t.toFixed(1).padStart(8)} ms  ${k}\n`);
  } finally {
    await close();
    await server.stop();
  }
}

await main();
