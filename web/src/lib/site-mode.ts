import { PUBLISHED_SITE, SITE_MODE_META } from '../../../src/shared/page-csp.js';

/**
 * Whether this page is a published static site (`leaderboard build` marks its index.html): it
 * then has no server API, so no admin features, and its status says when it was published.
 */
export function isPublishedSite(doc: Pick<Document, 'querySelector'> = document): boolean {
  return doc.querySelector(`meta[name="${SITE_MODE_META}"]`)?.getAttribute('content') === PUBLISHED_SITE;
}
