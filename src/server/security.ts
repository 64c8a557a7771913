import os from 'node:os';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { LOOPBACK_NAMES } from '../core/loopback.js';
import { PAGE_CSP_DIRECTIVES } from '../shared/page-csp.js';
import { sendError } from './http-errors.js';


/** Lower-cases a host name and puts an IPv6 address in brackets, as a Host header writes it. */
export function normalizeHostname(name: string): string {
  const h = name.trim().toLowerCase();
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

/** `name` and port of a Host header ("[::1]:4173" -> {hostname: "[::1]", port: 4173}); null when malformed. */
export function parseHostHeader(header: string | undefined): { hostname: string; port: number } | null {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]/\s@]+)(?::(\d{1,5}))?$/i.exec(header?.trim() ?? '');
  if (!m?.[1]) return null;
  const port = m[2] === undefined ? 80 : Number(m[2]);
  return port > 65535 ? null : { hostname: m[1].toLowerCase(), port };
}

function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.includes(normalizeHostname(host)) || /^127\./.test(host);
}

function isWildcard(host: string): boolean {
  return ['0.0.0.0', '::', '[::]'].includes(host.trim().toLowerCase());
}

/**
 * The host names a request may name in its Host header, for a server bound to `boundHost`:
 * loopback names when bound to loopback; the bound address itself otherwise; with a wildcard
 * bind (0.0.0.0, ::) loopback names, the machine's interface addresses and its host name. Plus
 * the configured `allowedHosts`. IP literals cannot be rebound; any other name must be listed.
 */
export function allowedHostnames(boundHost: string, allowedHosts: readonly string[] = []): Set<string> {
  const names = new Set(allowedHosts.map(normalizeHostname));
  if (isLoopback(boundHost) || isWildcard(boundHost)) LOOPBACK_NAMES.forEach((n) => names.add(n));
  if (isWildcard(boundHost)) {
    for (const list of Object.values(os.networkInterfaces())) {
      for (const info of list ?? []) names.add(normalizeHostname(info.address.replace(/%.*$/, '')));
    }
    names.add(normalizeHostname(os.hostname()));
  } else {
    names.add(normalizeHostname(boundHost));
  }
  return names;
}

export interface HostGuardOptions {
  /** The address the server listens on. Default 127.0.0.1. */
  host?: string;
  /** Further host names accepted in the Host header (any port), e.g. behind a reverse proxy. */
  allowedHosts?: readonly string[];
}

/**
 * DNS-rebinding protection: a Host header must name an allowed host and the port the request
 * came in on (a configured allowed host may use any port, as a reverse proxy would). Anything
 * else is a 403 FORBIDDEN_HOST saying how to allow the name.
 */
export function hostGuard(options: HostGuardOptions = {}): RequestHandler {
  const names = allowedHostnames(options.host ?? '127.0.0.1', options.allowedHosts);
  const anyPort = new Set((options.allowedHosts ?? []).map(normalizeHostname));
  return (req: Request, res: Response, next: NextFunction) => {
    const raw = req.get('host');
    const parsed = parseHostHeader(raw);
    const portOk = parsed !== null && (anyPort.has(parsed.hostname) || parsed.port === req.socket.localPort);
    if (parsed && names.has(parsed.hostname) && portOk) return next();
    const shown = JSON.stringify((raw ?? '').slice(0, 200));
    sendError(res, 403, 'FORBIDDEN_HOST', raw
      ? `Requests for host ${shown} are refused (DNS-rebinding protection): this server answers only to ${[...names].join(', ')} on port ${req.socket.localPort}. To allow that name, restart with leaderboard serve --allowed-host ${parsed?.hostname ?? '<name>'}.`
      : 'Requests without a Host header are refused (DNS-rebinding protection).');
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return req.get('transfer-encoding') !== undefined || (length !== undefined && length.trim() !== '0');
}

/**
 * The host (and port) of an Origin, lower case; null when it is not a URL (`null`). The scheme is
 * left out: behind a reverse proxy that speaks HTTPS the page's origin is https:// while this
 * server sees plain HTTP, and every admin change was refused. The Host was checked already.
 */
function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Cross-origin refusal for /api (no CORS headers are ever sent):
 * - `Sec-Fetch-Site` other than same-origin or none (a page on another site or port) -> 403;
 * - an `Origin` header whose host is not this server's Host (http or https, see hostOf) -> 403;
 * - a state-changing request (POST, PUT, PATCH, DELETE) must send its body as
 *   `Content-Type: application/json` (415 otherwise), which a cross-site form cannot. A request
 *   with no body and no Content-Type (POST /api/pull-and-refresh from a script) is accepted:
 *   browsers always send `Origin` with it, so a cross-site one is refused by the rule above.
 */
export function apiOriginGuard(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const site = req.get('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return sendError(res, 403, 'CROSS_ORIGIN', `Cross-origin requests are refused: this request came from a ${site} page (Sec-Fetch-Site: ${site.slice(0, 40)}).`);
    }
    const origin = req.get('origin');
    if (origin !== undefined && hostOf(origin) !== (req.get('host') ?? '').toLowerCase()) {
      return sendError(res, 403, 'CROSS_ORIGIN', `Cross-origin requests are refused: Origin ${JSON.stringify(origin.slice(0, 200))} is not this server's origin.`);
    }
    if (STATE_CHANGING.has(req.method)) {
      const contentType = req.get('content-type');
      const json = contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType.trim());
      if (!json && (hasBody(req) || contentType !== undefined)) {
        return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', `${req.method} ${req.baseUrl}${req.path} needs Content-Type: application/json${contentType ? `, got ${JSON.stringify(contentType.slice(0, 100))}` : ''}.`);
      }
    }
    next();
  };
}

/**
 * Security headers (helmet) with a Content-Security-Policy the built page satisfies: vite emits
 * only external module scripts and stylesheets (no inline code), React's `style={{...}}` and
 * Chart.js set styles through the CSSOM (element.style), which `style-src` does not govern, so
 * no 'unsafe-inline' is needed anywhere. `data:` images: Chart.js and the favicon fallback.
 * No HSTS and no upgrade-insecure-requests: the server speaks plain HTTP on a local address.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: PAGE_CSP_DIRECTIVES,
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    xContentTypeOptions: true,
  });
}

/**
 * Static paths that could climb out of the web root (`..` segments, encoded or not, backslashes,
 * NUL) are a 404 before any file is looked at; a path that does not decode is a 400.
 */
export const staticPathGuard: RequestHandler = (req, res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    return sendError(res, 400, 'BAD_REQUEST', 'The request path is not valid percent-encoding.');
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((seg) => seg === '..' || seg === '.')) {
    return sendError(res, 404, 'NOT_FOUND', 'Not found.');
  }
  next();
};
