/**
 * Screenshots of boards as a visitor sees them, light and dark, for people to look at (not
 * compared): the first screen after load, and a tab change on a CPU 20 times slower (a screenshot
 * waits for a frame the page draws, so it shows the change made; the spinner, drawn by the
 * compositor while the page is busy, does not appear in it). Usage:
 *   node --import tsx tests/bench/screens.ts OUT_DIR NAME=DATA_DIR...
 */
import path from 'node:path';
import { launchBrowser } from '../support/browser.js';
import { serve } from './page.js';

const [out, ...boards] = process.argv.slice(2);
if (!out || boards.length === 0) throw new Error('usage: screens.ts OUT_DIR NAME=DATA_DIR...');
const { browser, close } = await launchBrowser();
try {
  for (const arg of boards) {
    const [name, dir] = arg.split('=') as [string, string];
    const server = await serve(dir, [], process.env.PAGE_BIN);
    try {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, colorScheme: scheme });
        const page = await context.newPage();
        await page.goto(server.url);
        await page.getByTestId('leaderboard-row').first().waitFor();
        await page.waitForTimeout(1500);
        await page.screenshot({ path: path.join(out, `${name}-${scheme}.png`) });
        if (scheme === 'light') {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
          await page.getByTestId('tab-quarterly').click(); // slow here: the next change shows the busy state
          await page.getByTestId('trends-chart').getByText('(Quarterly)').waitFor({ timeout: 60_000 });
          await page.getByTestId('tab-monthly').click();
          await page.waitForTimeout(250);
          await page.screenshot({ path: path.join(out, `${name}-busy.png`), timeout: 60_000 });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        }
        await context.close();
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  await close();
}
