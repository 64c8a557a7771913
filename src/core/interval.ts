/** Longest interval a timer can wait: beyond it Node fires at once, in a loop. */
export const MAX_INTERVAL_MS = 2 ** 31 - 1;

/** Parses an interval like `15m`, `1h`, `30s`, `1d` or plain minutes (`15`), from 1 s to about 24 days. */
export function parseInterval(value: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(value.trim());
  if (!m) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'm') as 'ms' | 's' | 'm' | 'h' | 'd'];
  const ms = Number(m[1]) * unit;
  return ms >= 1000 && ms <= MAX_INTERVAL_MS ? ms : null;
}
