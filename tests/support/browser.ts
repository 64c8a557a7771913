import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (no browser download works here); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What Playwright's launch disables with a --disable-features of its own (playwright-core 1.65). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 loads its address bar's popups (two WebUI pages, ~140 ms of CPU) into every new
 * window, so into every browser context, while the page under test loads: on two cores they held
 * up a cold load's first row by ~100 ms, which a person's browser, its windows open, does not see.
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // Chromium keeps only the last --disable-features, and ours comes after Playwright's: it names
  // Playwright's too (tests/e2e/browser-flags.test.ts checks the browser's own command line).
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

/**
 * Launches headless Chromium. Playwright refuses a `--user-data-dir` flag on `launch` and
 * instead gives every launch a fresh temporary profile of its own, removed on close.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
  return { browser, close: () => browser.close() };
}

/** Where tests keep screenshots of the main states (looked at by people, not compared). */
export const ARTIFACTS_DIR = path.resolve('tests/artifacts');
