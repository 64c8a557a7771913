/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
/** Keyboard-only walks through a page, checking the focus is visible at every stop. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** What has the focus, and whether it draws a visible outline (every focus style of the page is one). */
export function focusState(page: Page): Promise<{ what: string; ring: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { what: 'body', ring: false };
    const css = getComputedStyle(el);
    const ring = css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) >= 2 && !/rgba\(.*, 0\)$/.test(css.outlineColor);
    const what = `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    return { what, ring };
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses `key` (Tab or Shift+Tab) until `target` has the focus, checking the ring at every stop. */
export async function tabTo(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(key);
    const focus = await focusState(page);
    expect(focus.ring, `no visible focus on ${focus.what}`).toBe(true);
    if (await isFocused(target)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}
