/** A key an object of a JSON text holds twice: the keys of the objects above it, and its lines. */
export interface DuplicateKey {
  /** Keys from the top down to the object holding it (`[]` for an array's item). */
  path: string[];
  key: string;
  lines: [number, number];
}

interface Frame {
  /** Keys met so far and their lines; null for an array. */
  keys: Map<string, number> | null;
  /** The key whose value is being read (an array's: `[]`). */
  at: string;
  /** The next string is a key. */
  expectKey: boolean;
}

/**
 * The first key some object of `text` (valid JSON) holds twice, or null. JSON.parse keeps only
 * the last, silently: a file kept by hand and merged by git ("Ann" added on two branches) lost
 * the first one's contributions.
 */
export function firstDuplicateKey(text: string): DuplicateKey | null {
  const stack: Frame[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 123 || c === 91) stack.push({ keys: c === 123 ? new Map() : null, at: '[]', expectKey: c === 123 });
    else if (c === 125 || c === 93) stack.pop();
    else if (c === 44) {
      const frame = stack.at(-1);
      if (frame?.keys) frame.expectKey = true;
    } else if (c === 34) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      const frame = stack.at(-1);
      if (frame?.keys && frame.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        const seen = frame.keys.get(key);
        if (seen !== undefined) return { path: stack.slice(0, -1).map((f) => f.at), key, lines: [seen, line] };
        frame.keys.set(key, line);
        frame.at = key;
        frame.expectKey = false;
      }
      i = j;
    }
  }
  return null;
}
