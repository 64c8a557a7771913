import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (no browser download works here); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Launches headless Chromium with a fresh profile; `close` removes the profile too. */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'lb-chromium-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...FLAGS, `--user-data-dir=${profile}`] });
  return {
    browser,
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Where tests keep screenshots of the main states (looked at by people, not compared). */
export const ARTIFACTS_DIR = path.resolve('tests/artifacts');
