/** Where two JSON-like values first differ: a dotted path and each side in JSON. */
export interface Difference {
  path: string;
  a: string;
  b: string;
}

/** The first difference between `a` and `b` (keys in sorted order), or null when they are equal. */
export function firstDifference(a: unknown, b: unknown, at = ''): Difference | null {
  if (isRecord(a) && isRecord(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const found = firstDifference(a[key], b[key], at ? `${at}.${key}` : key);
      if (found) return found;
    }
    return null;
  }
  const ja = JSON.stringify(a) ?? 'absent';
  const jb = JSON.stringify(b) ?? 'absent';
  return ja === jb ? null : { path: at || '(value)', a: ja, b: jb };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
