/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// The Content-Security-Policy against the real built page in Chromium: every part of the page
// works and the browser reports no violation. A page on another origin cannot read the API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, serveFixture, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => {
  s = await serveFixture();
});
afterAll(async () => { await s?.close(); });

/** A page that records CSP violations, both as DOM events and as console messages. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const page = await newPage(s.browser);
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return {
    page,
    violations: async () => [...console, ...await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)],
  };
}

describe('the Content-Security-Policy', () => {
  it('is sent with the page, strict: no unsafe-inline, no unsafe-eval, frames denied', async () => {
    const res = await fetch(s.server.url);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the page render its rows and chart, switch views and open the admin modal with zero violations', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(s.server.url);
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await pw(page.locator('[data-testid="trends-chart"] canvas')).toBeVisible();
    // The impact bars are sized by React style props: applied, not blocked.
    const width = await page.locator('.impact-fill').first().evaluate((el) => (el as HTMLElement).style.width);
    expect(width).toMatch(/%$/);
    await page.getByTestId('tab-monthly').click();
    await pw(page.getByTestId('tab-monthly')).toHaveAttribute('aria-selected', 'true');
    // The admin modal is a lazily loaded chunk with its own stylesheet.
    await page.getByTestId('admin-button').click();
    await pw(page.getByTestId('admin-modal')).toBeVisible();
    // No GitHub repository on this server: the API answers (connect-src 'self') with what to configure.
    await pw(page.getByTestId('admin-off-reason')).toContainText(/GitHub repository/);
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('keeps a page on another origin from reading the API or driving it', async () => {
    const other = http.createServer((_req, res) => res.setHeader('Content-Type', 'text/html').end('<!doctype html><title>other</title>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const page = await newPage(s.browser);
      await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      const target = s.server.url;
      // No Access-Control-Allow-Origin: the browser keeps the answer from the other page.
      const read = await page.evaluate(async (url) => fetch(`${url}api/health`).then(() => 'read', () => 'blocked'), target);
      expect(read).toBe('blocked');
      // A simple POST (form-like, no preflight) would reach the server: the server refuses it itself.
      const res = await fetch(`${target}api/pull-and-refresh`, {
        method: 'POST', body: 'x', headers: { Origin: `http://127.0.0.1:${(other.address() as AddressInfo).port}`, 'Content-Type': 'text/plain' },
      });
      expect(res.status).toBe(403);
      await page.context().close();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
