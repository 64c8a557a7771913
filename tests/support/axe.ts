/**
 * axe-core in the page under test: the violations that would stop someone using it (serious or
 * critical impact), described well enough to fix from the test's output.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/** One line per failing element: rule, impact, element and axe's summary of what is wrong. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself. The default (runPartial, then finishRun in a new
  // blank page it opens and injects axe into) only matters for cross-origin frames, which the app
  // has none of, and cost about twice as much per scan. Only violations are read, so axe keeps one
  // node of each passing or inapplicable rule instead of serializing thousands back to the test.
  // Together: a scan of the board went from about 3.8 s to 1.1 s; the same rules run on the same nodes.
  // A colour read mid-transition (a row's background easing in after a click) is neither state's:
  // the finite animations and transitions end first (a spinner's never does; 2 s at most).
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]));
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`));
}
