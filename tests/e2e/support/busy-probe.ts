/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
/**
 * Watches the board's busy state as a person would see it: at every frame, whether the period
 * panel says it is busy (aria-busy) and how opaque the busy indicator is (it fades in only after
 * a moment, so a quick change never shows it).
 */
import type { Page } from 'playwright-core';

/** What the probe saw since it started. */
export interface BusySeen {
  /** Frames in which the panel had aria-busy="true". */
  busyFrames: number;
  /** The highest opacity of the busy indicator in any frame (0: never seen). */
  maxOpacity: number;
}

/** Starts watching; `stop` ends it and returns what was seen. */
export async function watchBusy(page: Page): Promise<{ stop: () => Promise<BusySeen> }> {
  await page.evaluate(() => {
    const w = window as unknown as { __busySeen: BusySeen & { on: boolean } };
    w.__busySeen = { busyFrames: 0, maxOpacity: 0, on: true };
    const tick = () => {
      const seen = w.__busySeen;
      if (!seen.on) return;
      if (document.querySelector('[data-testid="period-panel"]')?.getAttribute('aria-busy') === 'true') seen.busyFrames++;
      const indicator = document.querySelector('[data-testid="view-busy"]');
      if (indicator) seen.maxOpacity = Math.max(seen.maxOpacity, Number(getComputedStyle(indicator).opacity));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return {
    stop: () => page.evaluate(() => {
      const w = window as unknown as { __busySeen: BusySeen & { on: boolean } };
      w.__busySeen.on = false;
      return { busyFrames: w.__busySeen.busyFrames, maxOpacity: w.__busySeen.maxOpacity };
    }),
  };
}

/** Makes the page's CPU `rate` times slower (CDP), as on a slow machine, until the returned function is called. */
export async function throttleCpu(page: Page, rate: number): Promise<() => Promise<void>> {
  // The session stays open: Chromium drops its emulation when the session that set it goes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  };
}
