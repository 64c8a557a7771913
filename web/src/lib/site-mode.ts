import { PUBLISHED_SITE, SITE_ADMIN_META, SITE_INDEX_META, SITE_MODE_META } from '../../../src/shared/page-csp.js';

/**
 * Whether this page is a published static site (`leaderboard build` marks its index.html): it
 * then has no server API (admins work through GitHub, see {@link hasAdmin}), and its status says
 * when it was published.
 */
export function isPublishedSite(doc: Pick<Document, 'querySelector'> = document): boolean {
  return doc.querySelector(`meta[name="${SITE_MODE_META}"]`)?.getAttribute('content') === PUBLISHED_SITE;
}

/**
 * Whether the page should read `leaderboard-index.json`: always from a server (which answers 204
 * when a data directory has none), and on a published site only when it says it carries one, so
 * a small site is not asked for a file it does not have.
 */
export function indexExpected(doc: Pick<Document, 'querySelector'> = document): boolean {
  return !isPublishedSite(doc) || doc.querySelector(`meta[name="${SITE_INDEX_META}"]`) !== null;
}

/** Whether the page has admin features: always from a server; on a published site when it was built to be administered through GitHub. */
export function hasAdmin(doc: Pick<Document, 'querySelector'> = document): boolean {
  return !isPublishedSite(doc) || doc.querySelector(`meta[name="${SITE_ADMIN_META}"]`) !== null;
}
