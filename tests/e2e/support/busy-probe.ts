/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
/**
 * Watches the board's busy state as a person would see it: at every frame, whether the period
 * panel says it is busy (aria-busy), how opaque the busy indicator is, and when it starts to fade
 * in. The indicator is a compositor animation, so it shows while the page's own thread is busy
 * making the view, when no frame of this probe runs: what the probe can tell is that the busy
 * state lasted longer than the indicator's delay.
 */
import type { Page } from 'playwright-core';

/** What the probe saw since it started. */
export interface BusySeen {
  /** Frames in which the panel had aria-busy="true". */
  busyFrames: number;
  /** The longest the panel stayed busy, from the first frame busy to the first frame not (ms). */
  longestBusyMs: number;
  /** The highest opacity of the busy indicator seen in a frame (0: never). */
  maxOpacity: number;
  /** When the indicator starts to show, from its fade-in animation (delay + duration, ms); null if it never was in the page. */
  indicatorShownAfterMs: number | null;
}

type Probe = BusySeen & { on: boolean; since: number | null };

/**
 * Starts watching `busy` (default: the board's period panel) and its `indicator`; `stop` ends it
 * and returns what was seen.
 */
export async function watchBusy(page: Page, where: { busy: string; indicator: string } = { busy: 'period-panel', indicator: 'view-busy' }): Promise<{ stop: () => Promise<BusySeen> }> {
  await page.evaluate(({ busy: busyId, indicator: indicatorId }) => {
    const w = window as unknown as { __busySeen: Probe };
    w.__busySeen = { busyFrames: 0, longestBusyMs: 0, maxOpacity: 0, indicatorShownAfterMs: null, on: true, since: null };
    const tick = (now: number) => {
      const seen = w.__busySeen;
      if (!seen.on) return;
      const busy = document.querySelector(`[data-testid="${busyId}"]`)?.getAttribute('aria-busy') === 'true';
      if (busy) {
        seen.busyFrames++;
        seen.since ??= now;
      } else if (seen.since !== null) {
        seen.longestBusyMs = Math.max(seen.longestBusyMs, now - seen.since);
        seen.since = null;
      }
      const indicator = document.querySelector(`[data-testid="${indicatorId}"]`);
      if (indicator) {
        seen.maxOpacity = Math.max(seen.maxOpacity, Number(getComputedStyle(indicator).opacity));
        for (const a of indicator.getAnimations()) {
          const t = a.effect?.getTiming();
          const frames = a.effect instanceof KeyframeEffect ? a.effect.getKeyframes() : [];
          if (t && frames.some((f) => f.opacity !== undefined)) seen.indicatorShownAfterMs = Number(t.delay ?? 0) + Number(t.duration ?? 0);
        }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, where);
  return {
    stop: () => page.evaluate(() => {
      const { on: _on, since: _since, ...seen } = (window as unknown as { __busySeen: Probe }).__busySeen;
      (window as unknown as { __busySeen: Probe }).__busySeen.on = false;
      return seen;
    }),
  };
}

/**
 * Makes the page's CPU `rate` times slower (CDP), as on a slow machine: `to` changes the rate,
 * `release` ends it.
 */
export async function throttleCpu(page: Page, rate: number): Promise<{ to: (rate: number) => Promise<void>; release: () => Promise<void> }> {
  // The session stays open: Chromium drops its emulation when the session that set it goes.
  const cdp = await page.context().newCDPSession(page);
  const to = async (r: number) => { await cdp.send('Emulation.setCPUThrottlingRate', { rate: r }); };
  await to(rate);
  return {
    to,
    release: async () => {
      await to(1);
      await cdp.detach();
    },
  };
}
