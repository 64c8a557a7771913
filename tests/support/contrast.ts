/// <reference lib="dom" /> // the check runs in the browser
/**
 * Text contrast measured from computed styles, for what axe cannot judge: text in a modal
 * <dialog> (the top layer), where axe's colour-contrast rule gives up with "overlapped by another
 * element" and passes nothing (dequelabs/axe-core#3463). The background is found the way it is
 * painted here: each ancestor's background colour laid over the next, up to an opaque one.
 */
import type { Page } from 'playwright-core';

/** One line per visible text (or filled field) under `scope` below 4.5:1 (3:1 for large text); disabled controls are exempt, as in WCAG. */
export function lowContrastTexts(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(css);
      if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
      const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)$/.exec(css);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
      throw new Error(`colour this check cannot read: ${css}`);
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const background = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let n: Element | null = el; n; n = n.parentElement) {
        const bg = parse(getComputedStyle(n).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let painted: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) painted = over(layer, painted);
      return painted;
    };
    const opacity = (el: Element) => {
      let o = 1;
      for (let n: Element | null = el; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
      return o;
    };
    const hex = (c: Rgba) => `#${c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
    const hasText = (el: Element) =>
      Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
      || ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)
        && !['checkbox', 'radio', 'hidden'].includes(el.type) && el.value !== '');

    const failures: string[] = [];
    const root = document.querySelector(selector);
    if (!root) throw new Error(`nothing matches ${selector}`);
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      if (!hasText(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden, for screen readers
      if (el.closest(':disabled, [aria-disabled="true"]')) continue;
      const css = getComputedStyle(el);
      const bg = background(el);
      const fg = parse(css.color);
      const text = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
      const [hi, lo] = [luminance(text), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(css.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(css.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) {
        const what = (el.textContent ?? (el as HTMLInputElement).value ?? '').trim().slice(0, 40);
        failures.push(`"${what}" (${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}): ${ratio.toFixed(2)}:1, ${hex(text)} on ${hex(bg)}`);
      }
    }
    return failures;
  }, scope);
}
