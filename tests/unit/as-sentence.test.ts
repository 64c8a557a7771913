import { describe, expect, it } from 'vitest';
import { asSentence } from '../../src/core/site/write-site.js';

describe('asSentence', () => {
  it.each([
    ['git exploded', 'git exploded.'],
    ['not valid JSON (Expected "," at position 61)', 'not valid JSON (Expected "," at position 61).'],
    ['not valid JSON (Expected "," at position 61).', 'not valid JSON (Expected "," at position 61).'],
    ['Did it work?', 'Did it work?'],
    ['done.  ', 'done.'],
  ])('%j -> %j', (text, sentence) => {
    expect(asSentence(text)).toBe(sentence);
  });
});
