// The search box's placeholder: the "/" key named only where a keyboard is likely and it fits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2eSession, openShown, serveFixture } from '../support/e2e.js';

let s: E2eSession;
beforeAll(async () => { s = await serveFixture(); });
afterAll(async () => { await s?.close(); });

const open = openShown;

describe('the search box', () => {
  const placeholder = (page: Page) => page.getByTestId('ranking-search').getAttribute('placeholder');

  it('names the "/" key on a wide screen with a mouse', async () => {
    const page = await open(s.browser, s.server.url);
    expect(await placeholder(page)).toBe('Search name or email (press /)');
    await page.context().close();
  });

  it('leaves the key out on a 320 px screen, where it was cut to "(press", and on a touch screen', async () => {
    const narrow = await open(s.browser, s.server.url, { viewport: { width: 320, height: 700 } });
    expect(await placeholder(narrow)).toBe('Search name or email');
    await narrow.context().close();
    const tablet = await open(s.browser, s.server.url, { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true });
    expect(await placeholder(tablet)).toBe('Search name or email');
    await tablet.context().close();
  });
});
