/** A JSON array of `length` items in pieces of 500 (so that a million rows need not fit one string). */
export function* arrayPieces(length: number, itemText: (i: number) => string): Generator<string> {
  if (length === 0) {
    yield '[]';
    return;
  }
  const BATCH = 500;
  for (let i = 0; i < length; i += BATCH) {
    const part: string[] = [];
    for (let j = i; j < Math.min(length, i + BATCH); j++) part.push(itemText(j));
    yield `${i === 0 ? '[' : ','}${part.join(',')}`;
  }
  yield ']';
}
