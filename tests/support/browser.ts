import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (no browser download works here); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
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
