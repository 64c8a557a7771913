/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
/**
 * Retrying assertions on playwright-core locators for vitest (playwright-core ships no `expect`;
 * @playwright/test would bring its own runner). Each polls until it holds or 10 s pass.
 */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

const OPTIONS = { timeout: 10_000, interval: 50 };
const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();
const matches = (actual: string, expected: string | RegExp, whole: boolean) =>
  typeof expected === 'string'
    ? (whole ? normalize(actual) === normalize(expected) : normalize(actual).includes(normalize(expected)))
    : expected.test(actual) || expected.test(normalize(actual));

async function poll(describe: () => string, check: () => Promise<boolean>): Promise<void> {
  await expect.poll(async () => (await check().catch(() => false)) || describe(), OPTIONS).toBe(true);
}

export function pw(locator: Locator) {
  let last = '';
  const seen = (what: string) => () => `${locator} ${what}; last seen: ${JSON.stringify(last)}`;
  const text = async () => (last = await locator.innerText({ timeout: 1000 }));
  return {
    toBeVisible: () => poll(seen('visible'), () => locator.isVisible()),
    toBeFocused: () => poll(seen('focused'), () => locator.evaluate((el) => el === document.activeElement)),
    toBeInViewport: () => poll(seen('in viewport'), async () => {
      const box = await locator.boundingBox();
      const vp = locator.page().viewportSize();
      return !!box && !!vp && box.x >= 0 && box.x + box.width <= vp.width;
    }),
    toHaveText: (expected: string | RegExp) => poll(seen(`text ${String(expected)}`), async () => matches(await text(), expected, true)),
    toContainText: (expected: string | RegExp) => poll(seen(`contains ${String(expected)}`), async () => matches(await text(), expected, false)),
    toHaveCount: (n: number) => poll(seen(`count ${n}`), async () => { last = String(await locator.count()); return last === String(n); }),
    toHaveAttribute: (name: string, value: string) => poll(seen(`[${name}=${value}]`), async () => {
      last = String(await locator.getAttribute(name, { timeout: 1000 }));
      return last === value;
    }),
    toHaveValue: (value: string) => poll(seen(`value ${value}`), async () => {
      last = await locator.inputValue({ timeout: 1000 });
      return last === value;
    }),
    toBeDisabled: () => poll(seen('disabled'), () => locator.isDisabled({ timeout: 1000 })),
    toBeEnabled: () => poll(seen('enabled'), () => locator.isEnabled({ timeout: 1000 })),
  };
}
