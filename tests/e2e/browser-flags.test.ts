/**
 * The tests' Chromium disables features of its own (see tests/support/browser.ts) without undoing
 * Playwright's: Chromium keeps only the last --disable-features of its command line, so the one
 * the tests add must name Playwright's as well. Read from the running browser's command line: an
 * update of Playwright that disables more fails here, not in a flaky page test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { launchBrowser, OUR_DISABLED_FEATURES } from '../support/browser.js';

let close: (() => Promise<void>) | undefined;
afterAll(() => close?.());

/** The command lines of this process's Chromium children (the browsers Playwright launched from it). */
function browserCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) !== process.pid) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (/chrom/.test(args[0] ?? '')) lines.push(args);
    } catch {
      // Gone meanwhile.
    }
  }
  return lines;
}

it("disables the address bar's popups and keeps every feature Playwright disables", async () => {
  ({ close } = await launchBrowser());
  const lines = browserCommandLines();
  expect(lines.length).toBeGreaterThan(0);
  for (const args of lines) {
    const lists = args.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThan(1);
    const effective = lists[lists.length - 1] ?? [];
    for (const name of [...lists.flat(), ...OUR_DISABLED_FEATURES]) expect(effective, `--disable-features ${name}`).toContain(name);
  }
});
