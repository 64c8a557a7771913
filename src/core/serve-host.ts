/**
 * Why `serve` refuses to listen on `host`, or null. An IPv6 address with a zone (`fe80::1%eth0`)
 * is refused: no browser opens a URL holding a zone (not even RFC 6874's `[fe80::1%25eth0]`), and
 * the Host header a client sends without it is refused by the DNS-rebinding check (403).
 */
export function serveHostProblem(host: string): string | null {
  const at = host.indexOf('%');
  if (at < 0) return null;
  return host.slice(0, at).includes(':') ? `is an IPv6 address with a zone (${host.slice(at)}), which no browser opens in a URL` : 'is neither an address nor a host name (it holds a %)';
}

/** What to listen on instead of an address {@link serveHostProblem} refuses. */
export const SERVE_HOST_INSTEAD = 'an address without a zone (the interface\'s global or unique-local address), a host name, or :: for every interface';
