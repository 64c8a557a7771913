/**
 * The page's Content-Security-Policy: no inline script or style, no eval, every fetch to its own
 * origin. The server sends it as a header; a published site carries it in a `<meta>` element.
 */
export const PAGE_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

// Browsers ignore these in a <meta> policy and log an error for each one present.
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/**
 * The policy as the `content` of a `<meta http-equiv="Content-Security-Policy">`. `connect` adds
 * origins the page may fetch from besides its own: a site administered through GitHub adds the
 * API's origin, and nothing else.
 */
export function cspMetaContent(connect: readonly string[] = []): string {
  return Object.entries(PAGE_CSP_DIRECTIVES)
    .filter(([name]) => !HEADER_ONLY.has(name))
    .map(([name, values]) => `${name} ${(name === 'connect-src' ? [...values, ...connect] : values).join(' ')}`)
    .join('; ');
}

/** `<meta name>` a published site's page carries, so it drops the admin features. */
export const SITE_MODE_META = 'leaderboard-site';
/** Its content for a published site. */
export const PUBLISHED_SITE = 'published';
/**
 * `<meta name>` of a published site that also carries `leaderboard-index.json` and its chunks
 * (written for big boards only); without it the page reads the whole data file, as it did.
 */
export const SITE_INDEX_META = 'leaderboard-index';

/**
 * `<meta name>` of a published page that can be administered through GitHub (content: the API
 * origin). Here, not in site-admin.ts, so the visitor's bundle does not carry the admin schemas.
 */
export const SITE_ADMIN_META = 'leaderboard-admin';
